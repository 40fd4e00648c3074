// Types of /web/vendor/preact-htm.js (htm/preact/standalone: Preact, its hooks and htm in one module).
export * from 'htm/preact';
