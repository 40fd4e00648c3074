// The staff's dashboard: one Preact app at /dashboard and below it (sessions, a session, settings, sign-in).
import { render } from 'preact';
import '../assets/app.css';
import './staff.css';
import { App } from './app.js';
import { interceptLinks } from './router.js';

const root = document.getElementById('app') as HTMLElement;
interceptLinks(root);
render(<App />, root);
