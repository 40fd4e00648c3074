// Generated from the service's OpenAPI document by `npm run client:types`; do not edit.
export interface paths {
    "/admin/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List accounts (without secrets)
         * @description Every account of the service with its settings, without API secrets. Needs the operator's admin token (Authorization: Bearer).
         */
        get: operations["listAccounts"];
        put?: never;
        /**
         * Create an account
         * @description With `owner`, the account is created together with its first owner user (returned as `owner`).
         */
        post: operations["createAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/accounts/{username}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the settings of an account
         * @description Changes an account's settings (display name, colour, language, theme, expiry, review mode, redirect URL, notification emails) with the operator's admin token; answers the account without secrets. Owners change the same settings themselves with PATCH /v1/account.
         */
        patch: operations["updateAccount"];
        trace?: never;
    };
    "/admin/accounts/{username}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the API secret of an account
         * @description Issues a new api_secret; tokens made with the old one are accepted for 24 more hours.
         */
        post: operations["rotateAccountSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in a user
         * @description Sets the `cg_session` cookie (HttpOnly, SameSite=Lax, Path=/, Secure when PUBLIC_URL is https). It names a server-side sign-in
         *     that ends on logout, on deletion of the user, after 12 hours without use or 7 days after sign-in. More than 5 failures for one
         *     username within 15 minutes answer 429 with Retry-After.
         */
        post: operations["signIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out
         * @description Ends the sign-in named by the cookie (if any) and clears the cookie. Send it with content-type application/json (or the graphql-require-preflight header): anything a foreign page could post is refused with 403.
         */
        post: operations["signOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in user
         * @description Who the sign-in cookie belongs to: the user with their account and role, or 401 when the cookie is missing, expired or ended.
         */
        get: operations["getSignedInUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change my password
         * @description The signed-in user (the cookie) sets a new password (at least 12 characters) after giving the current one. Every other
         *     sign-in of theirs ends; this one goes on. Send it with content-type application/json (or the graphql-require-preflight
         *     header): anything a foreign page could post is refused with 403. Wrong current passwords count toward the sign-in
         *     throttle of the username (429 with Retry-After).
         */
        post: operations["changePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/capture/{sessionKey}/report": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the condition report from the capture app (HTML)
         * @description For the capture app: authenticated with the Capture-Token header (the part of capture_url after #), never the API headers, and never a token in the URL. Available once the session is COMPLETE (409 before). No Capture-Token: 403; a token of another session, or none known: 404. Not rate-limited.
         */
        get: operations["getCaptureReportHtml"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/capture/{sessionKey}/report.pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download the condition report from the capture app (PDF)
         * @description For the capture app: authenticated with the Capture-Token header (the part of capture_url after #), never the API headers, and never a token in the URL. Available once the session is COMPLETE (409 before). No Capture-Token: 403; a token of another session, or none known: 404. Not rate-limited.
         */
        get: operations["getCaptureReportPdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/logos/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An account's logo
         * @description Public (the capture page and report links show it) and named by a random token that changes with every upload, never by the account: served with `Cache-Control: public, max-age=31536000, immutable`. A replaced or removed logo answers 404.
         */
        get: operations["getLogo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/photos/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a stored photo
         * @description The unguessable URL is the only credential (capability URL). Served with `Cache-Control: private, max-age=31536000, immutable` and `X-Content-Type-Options: nosniff`. Not rate-limited. A rejected upload keeps only its thumbnail, which its URL serves whatever the size asked for.
         */
        get: operations["getPhoto"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reports/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Open a shared report link (HTML)
         * @description A shareable link to the latest condition report of a completed session, for people: no headers or cookies, the unguessable token is the permission, for REPORT_LINK_DAYS days (report.expires_at). Answers carry `Referrer-Policy: no-referrer` and `X-Robots-Tag: noindex`. A token that opens nothing gets an HTML page, 404 (unknown) or 410 (expired), in the language the browser asks for; every attempt spends the client address's rate-limit budget (429 beyond it).
         */
        get: operations["openReportLinkHtml"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reports/{token}.pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Open a shared report link (PDF)
         * @description A shareable link to the latest condition report of a completed session, for people: no headers or cookies, the unguessable token is the permission, for REPORT_LINK_DAYS days (report.expires_at). Answers carry `Referrer-Policy: no-referrer` and `X-Robots-Tag: noindex`. A token that opens nothing gets an HTML page, 404 (unknown) or 410 (expired), in the language the browser asks for; every attempt spends the client address's rate-limit budget (429 beyond it).
         */
        get: operations["openReportLinkPdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's settings
         * @description How the account's capture pages and reports look (display name, colour, logo) and what its sessions default to (language, theme, expiry, review mode, redirect) and who is told of what. Read from the database, so a change made on another instance shows at once.
         */
        get: operations["getAccountSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the account's settings
         * @description Any of the settings but username and has_logo; only what is given changes (null clears redirect_url and brand_color). The same change as the admin API’s PATCH /admin/accounts/{username}; GraphQL updateAccountSettings for a signed-in owner.
         */
        patch: operations["updateAccountSettings"];
        trace?: never;
    };
    "/v1/account/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's API keys
         * @description Every key that signs for the account, its own first (mode live, label null); no secrets. GraphQL apiKeys for a signed-in owner.
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Create an API key
         * @description A further key signing for the same account (API-Token = HMAC of username:api_key@API-Timestamp with its own secret), with callbacks of its own. A `test` key makes test sessions: `"test": true`, left out of lists and exports unless asked for, and simulated by POST /v1/sessions/{sessionKey}/simulate. The secret is shown in this answer only. At most 20 keys besides the account's own.
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account/api-keys/{apiKey}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description The key stops signing at once. The key the request is signed with cannot revoke itself, nor can the account's own key be revoked (rotate its secret instead): 409.
         */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account/logo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Upload the account's logo
         * @description With the API headers, or the cookie of a signed-in owner (then with the header graphql-require-preflight, as every cookie write). The body is the image itself: PNG or JPEG, at most 256 KB; its bytes, not its declared type, decide. The service writes it again (no metadata is kept), fitted inside 480 × 160 pixels, and serves it at a new public URL under /logos/ (the GraphQL field accountSettings.logoUrl): the capture page, the dashboard and the report show it. Anything else answers 400 and keeps nothing.
         */
        put: operations["putAccountLogo"];
        post?: never;
        /**
         * Remove the account's logo
         * @description With the API headers or a signed-in owner’s cookie (and graphql-require-preflight). Removing none is no error.
         */
        delete: operations["deleteAccountLogo"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/callbacks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the callbacks of the API key
         * @description The callbacks of the API key the request is signed with, one per event, ordered by event, with their secrets.
         */
        get: operations["listCallbacks"];
        put?: never;
        /**
         * Create (or replace) the callback of an event
         * @description One callback per event: a POST for an event that already has one replaces its setting and keeps its secret. Missing event or url: 400 `Missing required fields.`
         */
        post: operations["createCallback"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/callbacks/{event}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the callback of an event
         * @description The callback of one event for the signing API key: url, method, headers, payload attributes, secret, and whether it is disabled and why. None set: 404.
         */
        get: operations["getCallback"];
        /**
         * Update the callback of an event
         * @description Replaces url, method, headers and payload (omitted ones are reset to their defaults) and enables a disabled callback, unless `"disabled": true` is sent with them. A body with `disabled` alone changes only whether the callback is on: `{"disabled": false}` enables it again (its failing days counted afresh); what failed meanwhile is sent with POST /v1/callbacks/recover.
         */
        put: operations["updateCallback"];
        post?: never;
        /**
         * Delete the callback of an event
         * @description Removes the callback of one event; its pending deliveries end failed and unsent, and nothing more is sent for the event.
         */
        delete: operations["deleteCallback"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/callbacks/{event}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the deliveries of a callback, with their attempts
         * @description Newest first, 20 per page unless `limit` says otherwise (at most 100); follow `next_cursor` for older ones. Test sends are included. Finished deliveries and attempts are kept for WEBHOOK_ATTEMPT_RETENTION_DAYS (default 30) days.
         */
        get: operations["listCallbackDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/callbacks/{event}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the signing secret of a callback
         * @description Issues a new secret; the previous one keeps signing deliveries alongside it for 24 hours.
         */
        post: operations["rotateCallbackSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/callbacks/{event}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test delivery
         * @description Queues the event's sample payload (session_key TST-SAMPLE0000, `"test": true`, plus the callback's payload attributes), signed like any delivery. One attempt, no retries; it can be redelivered by hand. The answer is the delivery as queued (usually `delivering` with no attempt yet): read the delivery list for its outcome. A disabled callback answers 409.
         */
        post: operations["sendTestDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/callbacks/recover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send again what failed since a time
         * @description Queues again every delivery of the API key that ended failed at or after `since` (test sends aside), for the enabled callbacks, or for `event` only: each due at once with the same `webhook-id` and body, a fresh retry schedule and the callback's current url, method, headers and secrets. Deliveries written while a callback was disabled are among them. 202: queued, not yet sent; follow them in the delivery lists. A bad `since` or `event` gives 400; `event` without a callback 404, with a disabled one 409.
         */
        post: operations["recoverDeliveries"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/damage-catalog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the damage catalog
         * @description The closed lists of vehicle items and damage types a damage record names, with what each grade means.
         */
        get: operations["getDamageCatalog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/deliveries/{id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Redeliver a delivery
         * @description Queues the delivery again, whatever its status, with the same `webhook-id` and body and a fresh retry schedule (up to 13 more attempts; a test send gets one). The callback's current url, method, headers and secrets are used. A delivery being sent right now is left to finish and returned as it is. 409 when its callback was removed or is disabled.
         */
        post: operations["redeliverDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This OpenAPI document
         * @description Public: no API headers needed. Counts against the client address's rate limit like any /v1 request.
         */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Issue a session access record
         * @description Validates the API headers and records the token so it can be presented again until `expiration` (API-Timestamp + 300 s).
         */
        get: operations["getAccessRecord"];
        put?: never;
        /**
         * Issue an access record (no body) or create an inspection session (non-empty body)
         * @description With no body, a blank body or `{}`: the same as `GET /v1/sessions`. With a non-empty JSON object: creates an inspection session in status IDLE and answers with its representation. The theme defaults to the account's default_theme.
         */
        post: operations["createSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionKey}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an inspection session
         * @description The session representation (docs/rest-guide.md): status, theme, language, vehicle (with the VIN decode), options, photos accepted, timestamps, and capture_url. A session of another account answers 404, like one that does not exist.
         */
        get: operations["getSession"];
        /**
         * Update an inspection session
         * @description `theme` only while IDLE; `redirect_url`, `language`, `vehicle`, `options` until the session is COMPLETE or EXPIRED. Otherwise 400.
         */
        put: operations["updateSession"];
        post?: never;
        /**
         * Delete an inspection session (only while IDLE)
         * @description Removes a session that has not started (IDLE) with everything it holds; a session that has started answers 400 and is kept.
         */
        delete: operations["deleteSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionKey}/capture-qr.svg": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The capture link as a QR code (SVG)
         * @description An SVG QR code of the session's capture_url, to hand the link to someone standing at the car. With the API headers, or a signed-in owner's or inspector's cookie (the dashboard shows it as an image); a viewer, who may not see the capture link, gets 403.
         */
        get: operations["getCaptureQr"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionKey}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm the capture
         * @description Confirms a QC_PASSED session, as GraphQL confirmInspection: QC_PASSED → CONFIRM. With review_mode `auto` the condition report is generated and the session completes (SESSION:COMPLETE); with `manual` it waits in CONFIRM until the review is completed (POST /v1/sessions/{sessionKey}/review). Confirming again returns the session unchanged.
         */
        post: operations["confirmSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionKey}/damages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the damage records
         * @description Every record, oldest first: accepted, declined and proposed.
         */
        get: operations["listSessionDamages"];
        put?: never;
        /**
         * Record a damage (manual source, accepted)
         * @description Allowed in every status before COMPLETE (409 after; 400 once EXPIRED). At most 100 manual records a session.
         */
        post: operations["addSessionDamage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionKey}/damages/{damageId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a manual damage record
         * @description Before COMPLETE only (409 after). A detector's proposal cannot be removed: decline it.
         */
        delete: operations["deleteSessionDamage"];
        options?: never;
        head?: never;
        /**
         * Change a damage record
         * @description Accept or decline a proposal, or change grade, type, item, region or note. Before COMPLETE only (409 after).
         */
        patch: operations["updateSessionDamage"];
        trace?: never;
    };
    "/v1/sessions/{sessionKey}/notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the notes of a session
         * @description Every note of the session, the integrator's and the capture app's (user `guest`), oldest first.
         */
        get: operations["listSessionNotes"];
        put?: never;
        /**
         * Add a note to a session
         * @description The note's user is the account username. Emits SESSION:NOTE_INSERT. Refused (400) once the session is EXPIRED.
         */
        post: operations["addSessionNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionKey}/photos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the photos captured in a session
         * @description Every capture, including rejected ones and retakes.
         */
        get: operations["listSessionPhotos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionKey}/photos/{photoCode}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a photo (capture by API)
         * @description For an integrator's own capture app: the same quality control, events (SESSION:STAGE_CHANGE, SESSION:STATUS_CHANGE), limits and status moves as the web capture app. An IDLE session is started first (IDLE → STARTED). The photo is the body (image/jpeg, image/png or image/webp) or the multipart field `file`, at most 15 MB; its content decides what it is, and anything that is not a usable image is kept as a rejected capture with its reason (200, `approved: false`). A retake (the same photo_code) is accepted while STARTED or PROCESS.
         */
        post: operations["uploadSessionPhoto"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionKey}/report": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the condition report (HTML)
         * @description Available once the session is COMPLETE (409 `Session is not yet completed.` before). Errors are JSON.
         */
        get: operations["getSessionReportHtml"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionKey}/report.pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download the condition report (PDF)
         * @description Available once the session is COMPLETE (409 `Session is not yet completed.` before). Errors are JSON.
         */
        get: operations["getSessionReportPdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionKey}/results": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the session results
         * @description Available once the session is COMPLETE (409 before). Identical to the SESSION:COMPLETE webhook payload.
         */
        get: operations["getSessionResults"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionKey}/review": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Complete the review
         * @description For a CONFIRM session: generates the report and moves the session to COMPLETE (SESSION:COMPLETE), reviewed_by `api`. With no accepted damage, no_damage_found must be true; with accepted damages it must not be. Idempotent: a COMPLETE session answers its results. A reopened review (POST .../review/reopen) is completed again the same way: a new report with report.revision one higher, SESSION:REPORT_REVISED. Any other status: 409.
         */
        post: operations["completeSessionReview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionKey}/review/reopen": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reopen a completed review
         * @description For a COMPLETE session whose review a person (or `api`) completed: the status stays COMPLETE, review.state becomes `reopened`, and damage records may be added, changed and removed again. The report links keep showing the current report until the review is completed again (POST .../review), which renders the next revision and sends SESSION:REPORT_REVISED with the reason. reason: 1-500 characters (400 otherwise). Never reviewed, not COMPLETE, or already reopened: 409 (docs/staff.md).
         */
        post: operations["reopenSessionReview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionKey}/simulate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Simulate the capture of a test session
         * @description Only for a session created with a test key (`"test": true`; a live session answers 403) that nobody has started (IDLE; else 409). Answers 202 at once, then runs a whole capture with generated photos through the real pipeline: quality control, the events and webhooks in their usual order, within a few seconds. `complete` takes every photo (after a rejected, too dark one for the first `rejected_photos` views), confirms, and completes the review as `api` with no damage found; `expire` takes a photo or two and lets the session expire. The photos hold no vehicle: the vehicle check flags them, and with VEHICLE_CHECK=reject rejects the exterior views, so a `complete` simulation stops at the first of them.
         */
        post: operations["simulateSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export sessions as CSV
         * @description Every session the filters find, newest first, as CSV (RFC 4180, CRLF line ends), streamed as it is read: a header row, then one row per session. grade, total_damages, reviewed_by and vin_match are empty until the session is COMPLETE. A cell that begins with =, +, -, @, a tab or a carriage return is prefixed with ' so that a spreadsheet shows it as text instead of running it. Filters combine (all must hold). Sessions made with a test key are left out unless `test=true`. A bad filter answers 400 with a message naming it; unknown parameters are ignored. With the API headers, or a signed-in user's cookie (any role: the dashboard's "Export CSV" link).
         */
        get: operations["exportSessionsCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Find sessions
         * @description The account's sessions, newest first, 25 a page unless `limit` says otherwise; follow `next_cursor` for older ones. Filters combine (all must hold). Sessions made with a test key are left out unless `test=true`. A bad filter answers 400 with a message naming it; unknown parameters are ignored.
         */
        get: operations["searchSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account's users
         * @description The account's people (the dashboard's users), oldest first, without passwords: username, name, role and when each was created. API headers only (docs/staff.md).
         */
        get: operations["listUsers"];
        put?: never;
        /**
         * Create a user
         * @description The password (at least 12 characters) is stored only as an argon2id hash. A 400 message names the field.
         */
        post: operations["createUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{username}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a user
         * @description Every sign-in of the user ends at once. Removing the account's last owner answers 409 and removes no one.
         */
        delete: operations["deleteUser"];
        options?: never;
        head?: never;
        /**
         * Change a user
         * @description Changes the user's role, name or password; only the fields given change. A new password (at least 12 characters)
         *     ends every sign-in of the user at once. Demoting the account's last owner answers 409 and changes nothing (docs/staff.md).
         */
        patch: operations["updateUser"];
        trace?: never;
    };
    "/v1/vin/{vin}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Decode a VIN
         * @description What the VIN's manufacturer codes say, from NHTSA's vPIC data kept inside the service (no outside call). A VIN of the wrong length, with I, O or Q, or (first character 1-5) with a wrong check digit → 400 naming the problem.
         */
        get: operations["decodeVin"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "SESSION:COMPLETE": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * SESSION:COMPLETE delivery
         * @description Sent to the callback url with its method (POST unless configured as PUT or PATCH) and headers. The body is the default payload plus the callback's payload attributes. Any 2xx within 15 s is success; 410 Gone disables the callback; other answers are retried.
         */
        post: operations["deliverComplete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "SESSION:NOTE_INSERT": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * SESSION:NOTE_INSERT delivery
         * @description Sent to the callback url with its method (POST unless configured as PUT or PATCH) and headers. The body is the default payload plus the callback's payload attributes. Any 2xx within 15 s is success; 410 Gone disables the callback; other answers are retried.
         */
        post: operations["deliverNoteInsert"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "SESSION:REPORT_REVISED": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * SESSION:REPORT_REVISED delivery
         * @description Sent to the callback url with its method (POST unless configured as PUT or PATCH) and headers. The body is the default payload plus the callback's payload attributes. Any 2xx within 15 s is success; 410 Gone disables the callback; other answers are retried.
         */
        post: operations["deliverReportRevised"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "SESSION:SMS_PROCESS": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * SESSION:SMS_PROCESS delivery
         * @description Sent to the callback url with its method (POST unless configured as PUT or PATCH) and headers. The body is the default payload plus the callback's payload attributes. Any 2xx within 15 s is success; 410 Gone disables the callback; other answers are retried.
         */
        post: operations["deliverSmsProcess"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "SESSION:STAGE_CHANGE": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * SESSION:STAGE_CHANGE delivery
         * @description Sent to the callback url with its method (POST unless configured as PUT or PATCH) and headers. The body is the default payload plus the callback's payload attributes. Any 2xx within 15 s is success; 410 Gone disables the callback; other answers are retried.
         */
        post: operations["deliverStageChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "SESSION:STATUS_CHANGE": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * SESSION:STATUS_CHANGE delivery
         * @description Sent to the callback url with its method (POST unless configured as PUT or PATCH) and headers. The body is the default payload plus the callback's payload attributes. Any 2xx within 15 s is success; 410 Gone disables the callback; other answers are retried.
         */
        post: operations["deliverStatusChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        AccessRecord: {
            /** @description The API-Key header, echoed. */
            api_key: string;
            /** @description The API-Token header, echoed; it may be presented again until `expiration`. */
            api_token: string;
            /** @description API-Timestamp + 300 s, YYYY-MM-DDTHH:MM:SSZ. */
            expiration: string;
            /** @description Identifier of the access record. */
            session_id: string;
        };
        Account: {
            api_key: string;
            brand_color: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 in UTC.
             */
            created_at: string;
            /** @enum {string} */
            default_language: "en" | "es" | "fr" | "de" | "pt";
            default_theme: components["schemas"]["Theme"];
            display_name: string;
            expiration_hours: number;
            notification_emails: string[];
            redirect_url: string | null;
            /** @enum {string} */
            review_mode: "manual" | "auto";
            username: string;
        };
        AccountList: {
            data: components["schemas"]["Account"][];
        };
        AccountSettings: {
            /** @description The colour of the capture page and the report, #rrggbb; null for the default. */
            brand_color?: string | null;
            /**
             * @description The language of sessions created without one: the capture page and the condition report are written in it.
             * @enum {string}
             */
            default_language?: "en" | "es" | "fr" | "de" | "pt";
            /**
             * @description PRO: photos 1-13 and a damage inspection; LITE: photos 1, 2, 4, 5, 7, 8; CAPT: photos 1-13, no damage inspection.
             * @enum {string}
             */
            default_theme?: "PRO" | "LITE" | "CAPT";
            /** @description Shown on the capture page, the dashboard and the report. */
            display_name?: string;
            /** @description How long a session may stay idle before it expires. */
            expiration_hours?: number;
            /** @description Who is told when a session starts waiting for review and when a callback is disabled. */
            notification_emails?: string[];
            /** @description Where the capture page sends the person when done, unless the session names another; null for none. */
            redirect_url?: string | null;
            /**
             * @description manual: a person completes each review; auto: the report is generated on confirmation.
             * @enum {string}
             */
            review_mode?: "manual" | "auto";
        };
        AccountSettingsView: {
            brand_color: string | null;
            /** @enum {string} */
            default_language: "en" | "es" | "fr" | "de" | "pt";
            default_theme: components["schemas"]["Theme"];
            display_name: string;
            expiration_hours: number;
            /** @description Whether the account has a logo (PUT /v1/account/logo). */
            has_logo: boolean;
            notification_emails: string[];
            redirect_url: string | null;
            /** @enum {string} */
            review_mode: "manual" | "auto";
            /** @description The account's username (its login name for the admin API; never shown to a guest). */
            username: string;
        };
        AccountWithSecret: {
            api_key: string;
            /** @description Shown only here; keep it secret. */
            api_secret: string;
            brand_color: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 in UTC.
             */
            created_at: string;
            /** @enum {string} */
            default_language: "en" | "es" | "fr" | "de" | "pt";
            default_theme: components["schemas"]["Theme"];
            display_name: string;
            expiration_hours: number;
            notification_emails: string[];
            redirect_url: string | null;
            /** @enum {string} */
            review_mode: "manual" | "auto";
            username: string;
        };
        /** @description One of the account's API keys; the first is the account's own (mode live, label null). */
        ApiKey: {
            /** @description The API-Key header value. */
            api_key: string;
            /**
             * Format: date-time
             * @description ISO 8601 in UTC.
             */
            created_at: string;
            label: string | null;
            /** @enum {string} */
            mode: "live" | "test";
        };
        ApiKeyList: {
            data: components["schemas"]["ApiKey"][];
        };
        ApiKeyWithSecret: {
            /** @description The API-Key header value. */
            api_key: string;
            /** @description Shown only in this answer; keep it secret. */
            api_secret: string;
            /**
             * Format: date-time
             * @description ISO 8601 in UTC.
             */
            created_at: string;
            label: string | null;
            /** @enum {string} */
            mode: "live" | "test";
        };
        AuthenticationError: {
            /**
             * @description Which check failed. Missing headers count as invalid.
             * @enum {string}
             */
            error: "Invalid API Key" | "Invalid API Token" | "Invalid API Timestamp";
            /** @constant */
            message: "The request could not be validated. Please recheck your API-Key and API-Token.";
            /** @description The request's id, as in its `X-Request-Id` response header. */
            request_id: string;
        };
        Callback: {
            /** @description The opposite of `disabled` (kept for clients written before it). */
            active: boolean;
            api_key: string;
            /** @description True when nothing is sent to the callback: a receiver answered 410 Gone, every attempt failed for CALLBACK_DISABLE_DAYS days, or it was disabled on request. PUT with "disabled": false enables it again. */
            disabled: boolean;
            /**
             * @description Why the callback is disabled, in words; null while it is enabled.
             * @example null
             */
            disabled_reason: string | null;
            event: components["schemas"]["WebhookEvent"];
            headers: {
                [key: string]: string;
            };
            method: components["schemas"]["CallbackMethod"];
            payload: {
                [key: string]: unknown;
            };
            /** @description Signs deliveries (Standard Webhooks webhook-signature header). */
            secret: string;
            /** Format: uri */
            url: string;
        };
        CallbackDeleted: {
            api_key: string;
            message: string;
        };
        /** @description Headers sent with each delivery: a JSON object of string values (at most 32), or a string holding one; null or "" mean none. Host, Content-Length, Transfer-Encoding, Connection, Content-Type and the webhook-* signing headers are set by the service, whose values win. */
        CallbackHeadersInput: {
            [key: string]: string;
        } | string | null;
        CallbackList: {
            api_key: string;
            data: components["schemas"]["Callback"][];
        };
        /**
         * @description Case-insensitive on input.
         * @default POST
         * @enum {string}
         */
        CallbackMethod: "POST" | "PUT" | "PATCH";
        CallbackNotFoundError: {
            api_key: string;
            message: string;
            /** @description The request's id, as in its `X-Request-Id` response header. */
            request_id: string;
        };
        /** @description Extra attributes added to each event's default payload (the default field wins a clash): a JSON object, or a string holding one. */
        CallbackPayloadInput: Record<string, never> | string | null;
        CallbackStateRequest: {
            /** @description false enables a disabled callback again (with a fresh count of failing days); true disables it. */
            disabled: boolean;
        };
        /** @description The odometer the person confirmed or typed on the capture page. */
        CapturedOdometer: {
            reading: number;
            /**
             * @description photo: the person confirmed the reading of the cluster photo; typed: they typed another.
             * @enum {string}
             */
            source: "photo" | "typed";
            /** @enum {string} */
            unit: "km" | "mi";
        };
        /** @description The odometer the person confirmed or typed on the capture page. */
        CapturedOdometerOutput: {
            reading: number;
            /**
             * @description photo: the person confirmed the reading of the cluster photo; typed: they typed another.
             * @enum {string}
             */
            source: "photo" | "typed";
            /** @enum {string} */
            unit: "km" | "mi";
        };
        CaptureTokenError: {
            /** @constant */
            error: "Invalid Capture Token";
            /** @constant */
            message: "A Capture-Token header is required.";
            /** @description The request's id, as in its `X-Request-Id` response header. */
            request_id: string;
        };
        CreateApiKeyBody: {
            /** @description What the key is for, 1–100 characters (e.g. "staging"). */
            label?: string;
            /**
             * @description `test`: its sessions are test sessions (simulate, left out of lists); `live`: ordinary.
             * @enum {string}
             */
            mode: "live" | "test";
        };
        CreateCallbackRequest: {
            event: components["schemas"]["WebhookEvent"];
            headers?: components["schemas"]["CallbackHeadersInput"];
            method?: components["schemas"]["CallbackMethod"];
            payload?: components["schemas"]["CallbackPayloadInput"];
            /**
             * Format: uri
             * @description Absolute http(s) URL; non-public addresses are refused unless WEBHOOK_ALLOW_PRIVATE_TARGETS=true.
             */
            url: string;
        };
        CreatedAccount: {
            api_key: string;
            /** @description Shown only here; keep it secret. */
            api_secret: string;
            brand_color: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 in UTC.
             */
            created_at: string;
            /** @enum {string} */
            default_language: "en" | "es" | "fr" | "de" | "pt";
            default_theme: components["schemas"]["Theme"];
            display_name: string;
            expiration_hours: number;
            notification_emails: string[];
            /** @description The first owner, present when the request had `owner`. */
            owner?: components["schemas"]["User"];
            redirect_url: string | null;
            /** @enum {string} */
            review_mode: "manual" | "auto";
            username: string;
        };
        /** @description All fields optional. An empty object `{}` (or no body) issues an access record instead. */
        CreateSessionRequest: {
            email?: {
                /**
                 * Format: email
                 * @description The email address (at most 254 characters).
                 */
                to: string;
                /** @description The recipient's name. At most 100 characters; blank means null. */
                to_name?: string | null;
            } | null;
            session?: components["schemas"]["SessionGroupInput"] | null;
            sms?: {
                /** @description Who the message says sends the link, e.g. Acme Motors. At most 100 characters; blank means null. */
                by?: string | null;
                /** @description The sender number, e.g. +14155550100. At most 32 characters; blank means null. */
                from?: string | null;
                /**
                 * @description Phone number in international format (E.164); spaces, dots, dashes and parentheses are removed.
                 * @example +14155550123
                 */
                to: string;
                /** @description The recipient's name, e.g. Jane Doe. At most 100 characters; blank means null. */
                to_name?: string | null;
            } | null;
            vehicle?: components["schemas"]["VehicleInput"] | null;
        };
        Damage: {
            /**
             * Format: date-time
             * @description ISO 8601 in UTC.
             */
            created_at: string;
            /** @description A user's username, `api`, or the detector's name. */
            created_by: string | null;
            /** @description Same as damage_type, for integrators of the first release. */
            damage: string;
            /** @description Every record has one (those stored before damage ids existed were given theirs); nullable for clients written before. */
            damage_id: string | null;
            damage_type: string;
            grade: components["schemas"]["Grade"];
            item: components["schemas"]["VehicleItem"];
            note: string;
            photo_code: components["schemas"]["PhotoCode"] | null;
            region: components["schemas"]["DamageRegion"] | null;
            score: number | null;
            /** @enum {string} */
            source: "manual" | "detector";
            /** @enum {string} */
            status: "accepted" | "declined" | "proposed";
        };
        DamageCatalog: {
            damage_types: {
                code: components["schemas"]["DamageType"];
                default_grade: components["schemas"]["Grade"];
                /** @description What the type is, then what grades 1 (minor) … 5 (severe) mean for it. */
                description: string;
                /** @description What grades 1 … 5 mean for this type, in order. */
                grade_meanings: string[];
                label: string;
                /** @description What the type is (the description without the grades). */
                summary: string;
            }[];
            items: {
                code: components["schemas"]["VehicleItem"];
                label: string;
            }[];
        };
        /** @description At least one field. */
        DamageChange: {
            /**
             * @deprecated
             * @description The first release's name for damage_type.
             */
            damage?: string;
            damage_type?: string;
            grade?: components["schemas"]["Grade"];
            /** @description A vehicle item (see VehicleItem); case, spaces and dashes are normalised, e.g. "Rear Bumper" → rear_bumper. */
            item?: string;
            note?: string | null;
            region?: components["schemas"]["DamageRegion"] | null;
            /** @enum {string} */
            status?: "accepted" | "declined";
        };
        DamageInput: {
            /**
             * @deprecated
             * @description The first release's name for damage_type.
             */
            damage?: string;
            /** @description A DamageType, normalised like item. Required unless `damage` is given. */
            damage_type?: string;
            /** @description Severity: 1 minor … 5 severe. Default: the type's default_grade. */
            grade?: components["schemas"]["Grade"] | null;
            /** @description A vehicle item (see VehicleItem); case, spaces and dashes are normalised, e.g. "Rear Bumper" → rear_bumper. */
            item: string;
            note?: string | null;
            /** @description A photo of the session's theme. */
            photo_code?: components["schemas"]["PhotoCode"] | null;
            /** @description Needs photo_code. */
            region?: components["schemas"]["DamageRegion"] | null;
        };
        DamageList: components["schemas"]["Damage"][];
        /** @description A box on the photo in fractions of its width and height; x + width <= 1, y + height <= 1. */
        DamageRegion: {
            height: number;
            width: number;
            x: number;
            y: number;
        };
        /**
         * @description See GET /v1/damage-catalog for labels and what each grade means.
         * @enum {string}
         */
        DamageType: "scratch" | "scuff" | "dent" | "crack" | "chip" | "rust" | "broken" | "missing" | "stain" | "tear" | "wear" | "other";
        /** @description What the VIN's manufacturer codes say (NHTSA vPIC data, offline); null where the data says nothing. */
        DecodedVehicle: {
            body_type: string | null;
            drivetrain: string | null;
            engine_type: string | null;
            fuel_type: string | null;
            make: string | null;
            model: string | null;
            trim: string | null;
            /** @description Whether the VIN passed the length, character and check-digit rules. */
            valid: boolean;
            vin: string;
            /** @description Model year. */
            year: number | null;
        };
        /** @description What the VIN's manufacturer codes say (NHTSA vPIC data, offline); null where the data says nothing. */
        DecodedVehicleOutput: {
            body_type: string | null;
            drivetrain: string | null;
            engine_type: string | null;
            fuel_type: string | null;
            make: string | null;
            model: string | null;
            trim: string | null;
            /** @description Whether the VIN passed the length, character and check-digit rules. */
            valid: boolean;
            vin: string;
            /** @description Model year. */
            year: number | null;
        };
        Delivery: {
            attempt_count: number;
            /** @description Oldest first. */
            attempts: components["schemas"]["DeliveryAttempt"][];
            /**
             * Format: date-time
             * @description ISO 8601 in UTC.
             */
            created_at: string;
            event: components["schemas"]["WebhookEvent"];
            /** @description The event's per-account sequence number; null for a test send. */
            event_seq: number | null;
            /** @description Also the `webhook-id` header; stable across every attempt and redelivery. */
            id: string;
            last_error: string | null;
            last_status_code: number | null;
            method: components["schemas"]["CallbackMethod"];
            /** @description When the next attempt is due; null unless pending. */
            next_attempt_at: string | null;
            /** @description The JSON body every attempt sends and signs, parsed. */
            payload: unknown;
            /** @description The session the event belongs to; TST-SAMPLE0000 for a test send. */
            session_key: string;
            status: components["schemas"]["DeliveryStatus"];
            /** @description True for a test send (POST /v1/callbacks/{event}/test). */
            test: boolean;
            /**
             * Format: date-time
             * @description ISO 8601 in UTC.
             */
            updated_at: string;
            /** @description The callback's url when the delivery was queued. */
            url: string;
        };
        DeliveryAttempt: {
            /** @description Numbered over the delivery's whole life, redeliveries included. */
            attempt: number;
            /**
             * Format: date-time
             * @description ISO 8601 in UTC.
             */
            attempted_at: string;
            duration_ms: number;
            /** @description Short text; null on success. */
            error: string | null;
            /** @description Null on success. Redirects are not followed and count as failures. */
            error_kind: ("timeout" | "connection" | "blocked_target" | "redirect" | "http_status" | "invalid_url") | null;
            method: components["schemas"]["CallbackMethod"];
            /** @description The first 20480 bytes of the response body; null when no response arrived. */
            response_body: string | null;
            /** @description Null when no response arrived. */
            status_code: number | null;
            /** @description The target this attempt really used (the callback's url at the time). */
            url: string;
        };
        DeliveryList: {
            api_key: string;
            /** @description Newest first. */
            data: components["schemas"]["Delivery"][];
            event: components["schemas"]["WebhookEvent"];
            /** @description Pass as `cursor` to read the next (older) page; null on the last page. */
            next_cursor: string | null;
        };
        DeliveryRecovery: {
            /** @description Deliveries queued again, each due at once with its own webhook-id. */
            queued: number;
        };
        /**
         * @description pending: waiting for its next attempt; delivering: an attempt is being made; succeeded: a 2xx arrived; failed: the schedule ran out, the receiver answered 410 Gone, the callback was removed or disabled, or a test send was not answered with a 2xx.
         * @enum {string}
         */
        DeliveryStatus: "pending" | "delivering" | "succeeded" | "failed";
        EmailInvite: {
            to: string;
            to_name: string | null;
        };
        /**
         * @example {
         *       "message": "Malformed JSON body.",
         *       "request_id": "5b0d2c1e-8f0a-4c3e-9d7b-2a6f1e4c9b10"
         *     }
         */
        Error: {
            message: string;
            /** @description The request's id, as in its `X-Request-Id` response header. */
            request_id: string;
        };
        Grade: number;
        Message: {
            message: string;
        };
        NewAccountRequest: {
            /** @description The colour of the capture page and the report, #rrggbb; null for the default. */
            brand_color?: string | null;
            /**
             * @description The language of sessions created without one: the capture page and the condition report are written in it.
             * @default en
             * @enum {string}
             */
            default_language: "en" | "es" | "fr" | "de" | "pt";
            /**
             * @description PRO: photos 1-13 and a damage inspection; LITE: photos 1, 2, 4, 5, 7, 8; CAPT: photos 1-13, no damage inspection.
             * @default PRO
             * @enum {string}
             */
            default_theme: "PRO" | "LITE" | "CAPT";
            /** @description Shown on the capture page and the report; default the username. */
            display_name?: string;
            /**
             * @description How long a session may stay idle before it expires.
             * @default 72
             */
            expiration_hours: number;
            /** @description Who is told when a session starts waiting for review and when a callback is disabled. */
            notification_emails?: string[];
            owner?: components["schemas"]["NewOwnerRequest"];
            /** @description Where the capture page sends the person when done, unless the session names another; null for none. */
            redirect_url?: string | null;
            /**
             * @description manual: a person completes each review; auto: the report is generated on confirmation.
             * @default manual
             * @enum {string}
             */
            review_mode: "manual" | "auto";
            username: string;
        };
        NewOwnerRequest: {
            /** @description Defaults to the username. */
            name?: string;
            password: string;
            /** @description Unique across the service. */
            username: string;
        };
        NewUserRequest: {
            /** @description Defaults to the username. */
            name?: string;
            password: string;
            /** @enum {string} */
            role: "owner" | "inspector" | "viewer";
            /** @description Unique across the service. */
            username: string;
        };
        Note: {
            /**
             * Format: date-time
             * @description ISO 8601 in UTC.
             */
            created_at: string;
            description: string;
            title: string;
            /** @description The account username, or guest for a note from the capture app. */
            user: string;
        };
        NoteInput: {
            description: string;
            title: string;
        };
        NoteInsertPayload: {
            description: string;
            /** @constant */
            event: "SESSION:NOTE_INSERT";
            session_key: string;
            /**
             * Format: date-time
             * @description ISO 8601 with the offset +00:00.
             */
            timestamp: string;
            title: string;
            user: string;
        };
        PasswordChangeRequest: {
            current_password: string;
            new_password: string;
        };
        Photo: {
            approved: boolean;
            approved_message: string;
            /**
             * Format: date-time
             * @description ISO 8601 in UTC.
             */
            created_at: string;
            /** @description The VIN read from the barcode (Code 39, Code 128, DataMatrix, QR) of an accepted VIN photo (photo code 1), validated; null when none was readable and for other photos. */
            decoded_vin: string | null;
            /** @description The mileage read (OCR) from an accepted cluster photo (photo code 3): a suggestion the person confirms or corrects (setOdometer); null when nothing plausible was read, for other photos, and with ODOMETER_READING=off. */
            odometer_suggested: number | null;
            photo_code: components["schemas"]["PhotoCode"];
            photo_label: string;
            /** @description Why the photo was rejected; null when accepted. */
            rejection_code: components["schemas"]["RejectionCode"] | null;
            /**
             * Format: date-time
             * @description ISO 8601 in UTC.
             */
            updated_at: string;
            /** @description Unguessable URL of the stored image; null when nothing readable was stored. */
            url: string | null;
            /** @description Where the vehicle the check is about was found; null when none was found or the photo was not checked. */
            vehicle_box: components["schemas"]["VehicleBox"] | null;
            /** @description The vehicle check on an exterior view (photo codes 4, 5, 7, 8, 10, 11, 12, 13): ok, no_vehicle, cut_off or too_far; null when the photo was not checked (other views, photos QC rejected, VEHICLE_CHECK=off, or the check could not run). */
            vehicle_check: components["schemas"]["VehicleCheck"] | null;
        };
        /** @description Photo codes and labels: 1 VIN, 2 Interior, 3 Cluster, 4 Left, 5 Front, 6 Tires, 7 Right, 8 Rear, 9 Windshield, 10 Front_Left, 11 Front_Right, 12 Rear_Right, 13 Rear_Left. */
        PhotoCode: number;
        RecoverDeliveriesRequest: {
            /** @description Only this event's callback; without it, every enabled callback of the API key. */
            event?: components["schemas"]["WebhookEvent"];
            /**
             * @description Deliveries that ended failed at or after this time are sent again.
             * @example 2026-03-14T09:00:00Z
             */
            since: string;
        };
        /**
         * @description Why quality control rejected a photo.
         * @enum {string}
         */
        RejectionCode: "TOO_LARGE" | "UNSUPPORTED_TYPE" | "UNREADABLE" | "TOO_MANY_PIXELS" | "TOO_SMALL" | "TOO_DARK" | "TOO_BRIGHT" | "BLURRY" | "DUPLICATE" | "NO_VEHICLE" | "VEHICLE_CUT_OFF" | "TOO_FAR";
        ReopenReviewInput: {
            /** @description Why the review is reopened; kept in the revision history and sent with SESSION:REPORT_REVISED. */
            reason: string;
        };
        /** @description The results document as SESSION:COMPLETE sends it, after a reopened review was completed again, plus `revision` and `reason`, then the callback's payload attributes. */
        ReportRevisedPayload: {
            /** @constant */
            event: "SESSION:REPORT_REVISED";
            inspection: {
                /**
                 * @description ASSESSED when a person completed a review, any damage was accepted, or a detector ran.
                 * @enum {string}
                 */
                assessment: "ASSESSED" | "NOT_ASSESSED";
                /** @description Accepted damages only. */
                damages: {
                    /** @description Same as damage_type, for integrators of the first release. */
                    damage: string;
                    /** @description The damage record reported; null in results completed before damage ids existed. */
                    damage_id: string | null;
                    damage_type: string;
                    grade: components["schemas"]["Grade"];
                    item: components["schemas"]["VehicleItem"];
                    photo_code: components["schemas"]["PhotoCode"] | null;
                    region: components["schemas"]["DamageRegion"] | null;
                    /** @enum {string} */
                    source: "manual" | "detector";
                }[];
                /** @description Overall condition: 5 EXCELLENT, 4 GOOD, 3 FAIR, 2 ROUGH, 1 POOR; null when NOT_ASSESSED. */
                grade: components["schemas"]["Grade"] | null;
                /** @description Per item, the highest accepted damage severity; {} when NOT_ASSESSED. */
                max_grade_per_item: {
                    [key: string]: components["schemas"]["Grade"];
                };
                reviewed_at: string | null;
                /** @description The user, or `api`, who completed the review. */
                reviewed_by: string | null;
                /** @description Accepted damages. */
                total_damages: number;
            } | null;
            location: {
                accuracy: number | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 with the offset +00:00.
                 */
                captured_at: string;
                latitude: number;
                longitude: number;
            } | null;
            /** @description The latest capture of each photo code, in photo-code order. */
            photos: {
                approved: boolean;
                approved_message: string;
                photo_code: components["schemas"]["PhotoCode"];
                photo_label: string;
                url: string;
            }[];
            /** @description Why the review was reopened, as the person gave it. */
            reason: string;
            report: {
                /**
                 * Format: date-time
                 * @description ISO 8601 with the offset +00:00.
                 */
                expires_at: string;
                /**
                 * Format: uri
                 * @description The same report as a PDF.
                 */
                pdf_url: string;
                /** @description Which report this is: 1 at the first completion, one more each time a reopened review is completed again. */
                revision: number;
                /**
                 * Format: uri
                 * @description The report page: opens without credentials until expires_at.
                 */
                url: string;
            } | null;
            /** @description The new report.revision: 2 for the first correction. */
            revision: number;
            session: {
                /** @description Whole seconds from the first photo taken to the confirmation (inspect_ended_at); null until both are known. */
                capture_duration: number | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 with the offset +00:00.
                 */
                created_at: string;
                /** @description Whole seconds from the confirmation (inspect_ended_at) to the completion of the report; null until both are known. */
                inspect_duration: number | null;
                inspect_ended_at: string | null;
                inspect_started_at: string | null;
                language: string | null;
                options: {
                    client_id: string | null;
                    contact: {
                        [key: string]: unknown;
                    } | null;
                    reference: {
                        [key: string]: unknown;
                    } | null;
                    sms: {
                        by: string | null;
                        from: string | null;
                        to: string;
                        to_name: string | null;
                    } | null;
                };
                redirect_url: string | null;
                session_key: string;
                /** @description Who created the session: `api` (an API key) or `dashboard` (a signed-in person). */
                source: {
                    /** @enum {string} */
                    type: "api" | "dashboard";
                };
                status: components["schemas"]["SessionStatus"];
                theme: components["schemas"]["Theme"];
            };
            /** @description The vehicle as the integrator described it, with the VIN and the odometer the inspection captured. */
            vehicle: {
                body_type: string | null;
                /** @description The decode of vin_captured, else of the given vin; null when there is no VIN. Empty year, make, model, trim and body_type are filled from it. */
                decoded: components["schemas"]["DecodedVehicle"] | null;
                /** @description false when the given year, make or model contradicts the decode, true when every given one agrees, null when nothing can be compared. */
                details_match: boolean | null;
                ext_col: string | null;
                int_col: string | null;
                make: string | null;
                model: string | null;
                /** @description The odometer the person confirmed (source photo: as read from the cluster photo) or typed (source typed) on the capture page; null when neither. */
                odom_captured: components["schemas"]["CapturedOdometer"] | null;
                /** @description false when odom_captured differs from odom_reading by more than 5 % and by more than 1,000 units (compared in odom_unit, miles converted); null when either is missing. */
                odom_match: boolean | null;
                odom_reading: number | null;
                odom_unit: ("km" | "mi") | null;
                transmission: string | null;
                trim: string | null;
                vin: string | null;
                /** @description The VIN read from the VIN photo's barcode or typed on the capture page (whichever was given last); null when neither. */
                vin_captured: string | null;
                /** @description Whether vin_captured equals `vin`; null when either is missing. */
                vin_match: boolean | null;
                year: number | null;
            };
        } & {
            [key: string]: unknown;
        };
        ReviewInput: {
            /**
             * @description Required true when no damage is accepted; refused when some are.
             * @default false
             */
            no_damage_found: boolean | null;
        };
        ReviewRevision: {
            /**
             * Format: date-time
             * @description ISO 8601 in UTC.
             */
            completed_at: string;
            /** @description The user, or `api`, who completed it again. */
            completed_by: string;
            /** @description Why the review was reopened. */
            reason: string;
            /**
             * Format: date-time
             * @description ISO 8601 in UTC.
             */
            reopened_at: string;
            /** @description The user, or `api`, who reopened it. */
            reopened_by: string;
            /** @description The report.revision this correction made. */
            revision: number;
        };
        Session: {
            /** @description False once COMPLETE or EXPIRED. */
            active: boolean;
            /**
             * Format: uri
             * @description `<PUBLIC_URL>/capture/<session_key>#<capture_token>`: the capture app's only credential, for this one session. Shown to the API headers, owners and inspectors; null for a viewer.
             */
            capture_url: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 in UTC.
             */
            created_at: string;
            inspect_ended_at: string | null;
            inspect_started_at: string | null;
            language: string | null;
            options: components["schemas"]["SessionOptions"];
            redirect_url: string | null;
            review: components["schemas"]["SessionReview"];
            session_key: string;
            status: components["schemas"]["SessionStatus"];
            /** @description Created with a test key: left out of lists unless asked for; may be simulated (docs/rest-guide.md). */
            test: boolean;
            theme: components["schemas"]["Theme"];
            /**
             * Format: date-time
             * @description ISO 8601 in UTC.
             */
            updated_at: string;
            vehicle: {
                body_type: string | null;
                /** @description The decode of vin_captured, else of the given vin; null when there is no VIN. Empty year, make, model, trim and body_type are filled from it. */
                decoded: components["schemas"]["DecodedVehicleOutput"] | null;
                /** @description false when the given year, make or model contradicts the decode, true when every given one agrees, null when nothing can be compared. */
                details_match: boolean | null;
                ext_col: string | null;
                int_col: string | null;
                make: string | null;
                model: string | null;
                /** @description The odometer the person confirmed (source photo: as read from the cluster photo) or typed (source typed) on the capture page; null when neither. */
                odom_captured: components["schemas"]["CapturedOdometerOutput"] | null;
                /** @description false when odom_captured differs from odom_reading by more than 5 % and by more than 1,000 units (compared in odom_unit, miles converted); null when either is missing. */
                odom_match: boolean | null;
                odom_reading: number | null;
                odom_unit: ("km" | "mi") | null;
                transmission: string | null;
                trim: string | null;
                vin: string | null;
                year: number | null;
            };
        };
        /** @description The results document (see SessionResults), plus the callback's payload attributes (the document's own fields win) and `test: true` on a test send. */
        SessionCompletePayload: {
            /** @constant */
            event: "SESSION:COMPLETE";
            inspection: {
                /**
                 * @description ASSESSED when a person completed a review, any damage was accepted, or a detector ran.
                 * @enum {string}
                 */
                assessment: "ASSESSED" | "NOT_ASSESSED";
                /** @description Accepted damages only. */
                damages: {
                    /** @description Same as damage_type, for integrators of the first release. */
                    damage: string;
                    /** @description The damage record reported; null in results completed before damage ids existed. */
                    damage_id: string | null;
                    damage_type: string;
                    grade: components["schemas"]["Grade"];
                    item: components["schemas"]["VehicleItem"];
                    photo_code: components["schemas"]["PhotoCode"] | null;
                    region: components["schemas"]["DamageRegion"] | null;
                    /** @enum {string} */
                    source: "manual" | "detector";
                }[];
                /** @description Overall condition: 5 EXCELLENT, 4 GOOD, 3 FAIR, 2 ROUGH, 1 POOR; null when NOT_ASSESSED. */
                grade: components["schemas"]["Grade"] | null;
                /** @description Per item, the highest accepted damage severity; {} when NOT_ASSESSED. */
                max_grade_per_item: {
                    [key: string]: components["schemas"]["Grade"];
                };
                reviewed_at: string | null;
                /** @description The user, or `api`, who completed the review. */
                reviewed_by: string | null;
                /** @description Accepted damages. */
                total_damages: number;
            } | null;
            location: {
                accuracy: number | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 with the offset +00:00.
                 */
                captured_at: string;
                latitude: number;
                longitude: number;
            } | null;
            /** @description The latest capture of each photo code, in photo-code order. */
            photos: {
                approved: boolean;
                approved_message: string;
                photo_code: components["schemas"]["PhotoCode"];
                photo_label: string;
                url: string;
            }[];
            report: {
                /**
                 * Format: date-time
                 * @description ISO 8601 with the offset +00:00.
                 */
                expires_at: string;
                /**
                 * Format: uri
                 * @description The same report as a PDF.
                 */
                pdf_url: string;
                /** @description Which report this is: 1 at the first completion, one more each time a reopened review is completed again. */
                revision: number;
                /**
                 * Format: uri
                 * @description The report page: opens without credentials until expires_at.
                 */
                url: string;
            } | null;
            session: {
                /** @description Whole seconds from the first photo taken to the confirmation (inspect_ended_at); null until both are known. */
                capture_duration: number | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 with the offset +00:00.
                 */
                created_at: string;
                /** @description Whole seconds from the confirmation (inspect_ended_at) to the completion of the report; null until both are known. */
                inspect_duration: number | null;
                inspect_ended_at: string | null;
                inspect_started_at: string | null;
                language: string | null;
                options: {
                    client_id: string | null;
                    contact: {
                        [key: string]: unknown;
                    } | null;
                    reference: {
                        [key: string]: unknown;
                    } | null;
                    sms: {
                        by: string | null;
                        from: string | null;
                        to: string;
                        to_name: string | null;
                    } | null;
                };
                redirect_url: string | null;
                session_key: string;
                /** @description Who created the session: `api` (an API key) or `dashboard` (a signed-in person). */
                source: {
                    /** @enum {string} */
                    type: "api" | "dashboard";
                };
                status: components["schemas"]["SessionStatus"];
                theme: components["schemas"]["Theme"];
            };
            /** @description The vehicle as the integrator described it, with the VIN and the odometer the inspection captured. */
            vehicle: {
                body_type: string | null;
                /** @description The decode of vin_captured, else of the given vin; null when there is no VIN. Empty year, make, model, trim and body_type are filled from it. */
                decoded: components["schemas"]["DecodedVehicle"] | null;
                /** @description false when the given year, make or model contradicts the decode, true when every given one agrees, null when nothing can be compared. */
                details_match: boolean | null;
                ext_col: string | null;
                int_col: string | null;
                make: string | null;
                model: string | null;
                /** @description The odometer the person confirmed (source photo: as read from the cluster photo) or typed (source typed) on the capture page; null when neither. */
                odom_captured: components["schemas"]["CapturedOdometer"] | null;
                /** @description false when odom_captured differs from odom_reading by more than 5 % and by more than 1,000 units (compared in odom_unit, miles converted); null when either is missing. */
                odom_match: boolean | null;
                odom_reading: number | null;
                odom_unit: ("km" | "mi") | null;
                transmission: string | null;
                trim: string | null;
                vin: string | null;
                /** @description The VIN read from the VIN photo's barcode or typed on the capture page (whichever was given last); null when neither. */
                vin_captured: string | null;
                /** @description Whether vin_captured equals `vin`; null when either is missing. */
                vin_match: boolean | null;
                year: number | null;
            };
        } & {
            [key: string]: unknown;
        };
        SessionDeleted: {
            message: string;
        };
        /** @description How the capture looks and the integrator's own data. */
        SessionGroupInput: {
            /** @description The integrator's own reference for the session. At most 200 characters; blank means null. */
            client_id?: string | null;
            /** @description Free-form contact details (a JSON object). */
            contact?: {
                [key: string]: unknown;
            } | null;
            /** @description The capture page's language: one of en, es, fr, de, pt (a regional tag such as pt-BR is stored as its language, pt); blank means null (English). */
            language?: string | null;
            /** @description Absolute http(s) URL; blank or null means none. */
            redirect_url?: string | null;
            /** @description Free-form reference data (a JSON object). */
            reference?: {
                [key: string]: unknown;
            } | null;
            theme?: components["schemas"]["Theme"] | null;
        };
        SessionOptions: {
            client_id: string | null;
            contact: {
                [key: string]: unknown;
            } | null;
            email: components["schemas"]["EmailInvite"] | null;
            reference: {
                [key: string]: unknown;
            } | null;
            sms: components["schemas"]["SmsInvite"] | null;
        };
        /** @description Identical to the SESSION:COMPLETE webhook payload. `inspection` is null for the CAPT theme. */
        SessionResults: {
            /** @constant */
            event: "SESSION:COMPLETE";
            inspection: {
                /**
                 * @description ASSESSED when a person completed a review, any damage was accepted, or a detector ran.
                 * @enum {string}
                 */
                assessment: "ASSESSED" | "NOT_ASSESSED";
                /** @description Accepted damages only. */
                damages: {
                    /** @description Same as damage_type, for integrators of the first release. */
                    damage: string;
                    /** @description The damage record reported; null in results completed before damage ids existed. */
                    damage_id: string | null;
                    damage_type: string;
                    grade: components["schemas"]["Grade"];
                    item: components["schemas"]["VehicleItem"];
                    photo_code: components["schemas"]["PhotoCode"] | null;
                    region: components["schemas"]["DamageRegion"] | null;
                    /** @enum {string} */
                    source: "manual" | "detector";
                }[];
                /** @description Overall condition: 5 EXCELLENT, 4 GOOD, 3 FAIR, 2 ROUGH, 1 POOR; null when NOT_ASSESSED. */
                grade: components["schemas"]["Grade"] | null;
                /** @description Per item, the highest accepted damage severity; {} when NOT_ASSESSED. */
                max_grade_per_item: {
                    [key: string]: components["schemas"]["Grade"];
                };
                reviewed_at: string | null;
                /** @description The user, or `api`, who completed the review. */
                reviewed_by: string | null;
                /** @description Accepted damages. */
                total_damages: number;
            } | null;
            location: {
                accuracy: number | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 with the offset +00:00.
                 */
                captured_at: string;
                latitude: number;
                longitude: number;
            } | null;
            /** @description The latest capture of each photo code, in photo-code order. */
            photos: {
                approved: boolean;
                approved_message: string;
                photo_code: components["schemas"]["PhotoCode"];
                photo_label: string;
                url: string;
            }[];
            report: {
                /**
                 * Format: date-time
                 * @description ISO 8601 with the offset +00:00.
                 */
                expires_at: string;
                /**
                 * Format: uri
                 * @description The same report as a PDF.
                 */
                pdf_url: string;
                /** @description Which report this is: 1 at the first completion, one more each time a reopened review is completed again. */
                revision: number;
                /**
                 * Format: uri
                 * @description The report page: opens without credentials until expires_at.
                 */
                url: string;
            } | null;
            session: {
                /** @description Whole seconds from the first photo taken to the confirmation (inspect_ended_at); null until both are known. */
                capture_duration: number | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 with the offset +00:00.
                 */
                created_at: string;
                /** @description Whole seconds from the confirmation (inspect_ended_at) to the completion of the report; null until both are known. */
                inspect_duration: number | null;
                inspect_ended_at: string | null;
                inspect_started_at: string | null;
                language: string | null;
                options: {
                    client_id: string | null;
                    contact: {
                        [key: string]: unknown;
                    } | null;
                    reference: {
                        [key: string]: unknown;
                    } | null;
                    sms: {
                        by: string | null;
                        from: string | null;
                        to: string;
                        to_name: string | null;
                    } | null;
                };
                redirect_url: string | null;
                session_key: string;
                /** @description Who created the session: `api` (an API key) or `dashboard` (a signed-in person). */
                source: {
                    /** @enum {string} */
                    type: "api" | "dashboard";
                };
                status: components["schemas"]["SessionStatus"];
                theme: components["schemas"]["Theme"];
            };
            /** @description The vehicle as the integrator described it, with the VIN and the odometer the inspection captured. */
            vehicle: {
                body_type: string | null;
                /** @description The decode of vin_captured, else of the given vin; null when there is no VIN. Empty year, make, model, trim and body_type are filled from it. */
                decoded: components["schemas"]["DecodedVehicleOutput"] | null;
                /** @description false when the given year, make or model contradicts the decode, true when every given one agrees, null when nothing can be compared. */
                details_match: boolean | null;
                ext_col: string | null;
                int_col: string | null;
                make: string | null;
                model: string | null;
                /** @description The odometer the person confirmed (source photo: as read from the cluster photo) or typed (source typed) on the capture page; null when neither. */
                odom_captured: components["schemas"]["CapturedOdometerOutput"] | null;
                /** @description false when odom_captured differs from odom_reading by more than 5 % and by more than 1,000 units (compared in odom_unit, miles converted); null when either is missing. */
                odom_match: boolean | null;
                odom_reading: number | null;
                odom_unit: ("km" | "mi") | null;
                transmission: string | null;
                trim: string | null;
                vin: string | null;
                /** @description The VIN read from the VIN photo's barcode or typed on the capture page (whichever was given last); null when neither. */
                vin_captured: string | null;
                /** @description Whether vin_captured equals `vin`; null when either is missing. */
                vin_match: boolean | null;
                year: number | null;
            };
        };
        SessionReview: {
            /** @description While reopened: why, by whom and when; null otherwise. */
            reopened: {
                /**
                 * Format: date-time
                 * @description ISO 8601 in UTC.
                 */
                at: string;
                by: string;
                reason: string;
            } | null;
            /** @description The current report's revision (report.revision of the results); null before COMPLETE. */
            revision: number | null;
            /** @description The corrections completed so far, oldest first. */
            revisions: components["schemas"]["ReviewRevision"][];
            /**
             * @description none: no person reviews it (not yet confirmed, or completed without review); pending: waits for a review; completed: reviewed; reopened: a completed review reopened for a correction.
             * @enum {string}
             */
            state: "none" | "pending" | "completed" | "reopened";
        };
        SessionSearchPage: {
            /** @description The sessions found, newest first (created_at, then session_key). */
            data: components["schemas"]["Session"][];
            /** @description Pass as `cursor`, with the same filters, for the next page; null on the last page. */
            next_cursor: string | null;
        };
        /** @enum {string} */
        SessionStatus: "IDLE" | "STARTED" | "PROCESS" | "QC_PASSED" | "CONFIRM" | "COMPLETE" | "EXPIRED";
        SignedInUser: {
            /** @description The account's username. */
            account: string;
            name: string;
            /** @enum {string} */
            role: "owner" | "inspector" | "viewer";
            username: string;
        };
        SignInRequest: {
            password: string;
            username: string;
        };
        SimulateBody: {
            /**
             * @description `complete`: every photo accepted, confirmed and the review completed; `expire`: a photo or two, then the session expires.
             * @enum {string}
             */
            outcome: "complete" | "expire";
            /** @description How many views get a rejected (too dark) photo before the accepted one, at most the theme's count; default 0. */
            rejected_photos?: number;
        };
        /** @description The simulation runs on: its events and webhooks follow within seconds. */
        SimulationStarted: {
            message: string;
            /** @enum {string} */
            outcome: "complete" | "expire";
            rejected_photos: number;
            session_key: string;
        };
        SmsInvite: {
            by: string | null;
            from: string | null;
            to: string;
            to_name: string | null;
        };
        SmsProcessPayload: {
            /** @constant */
            event: "SESSION:SMS_PROCESS";
            /** @description Error text when status is error; "" otherwise. */
            message: string;
            /** @description Recipient name; "" when unknown. */
            name: string;
            phone: string;
            session_key: string;
            /** @enum {string} */
            status: "success" | "error";
            /**
             * Format: date-time
             * @description ISO 8601 with the offset +00:00.
             */
            timestamp: string;
        };
        StageChangePayload: {
            /** @constant */
            event: "SESSION:STAGE_CHANGE";
            /** @description Rejection reason when photo_status is rejected; "" otherwise. */
            message: string;
            photo_code: components["schemas"]["PhotoCode"];
            photo_label: string;
            /** @enum {string} */
            photo_status: "accepted" | "rejected";
            photo_url: string;
            session_key: string;
            /**
             * Format: date-time
             * @description ISO 8601 with the offset +00:00.
             */
            timestamp: string;
        };
        StatusChangePayload: {
            /** @constant */
            event: "SESSION:STATUS_CHANGE";
            session_key: string;
            /** @enum {string} */
            status: "STARTED" | "PROCESS" | "QC_PASSED" | "CONFIRM";
            /**
             * Format: date-time
             * @description ISO 8601 with the offset +00:00.
             */
            timestamp: string;
        };
        /**
         * @description PRO: photos 1-13 and a damage inspection; LITE: photos 1, 2, 4, 5, 7, 8; CAPT: photos 1-13, no damage inspection.
         * @enum {string}
         */
        Theme: "PRO" | "LITE" | "CAPT";
        UpdateCallbackRequest: {
            /** @description true keeps (or puts) the callback off; false or absent enables it (a disabled callback is enabled again). */
            disabled?: boolean;
            headers?: components["schemas"]["CallbackHeadersInput"];
            method?: components["schemas"]["CallbackMethod"];
            payload?: components["schemas"]["CallbackPayloadInput"];
            /** Format: uri */
            url: string;
        };
        /** @description `theme` only while IDLE; the other fields until COMPLETE or EXPIRED. `vehicle` and `options` are merged key by key into the stored ones. */
        UpdateSessionRequest: {
            /** @description The capture page's language: one of en, es, fr, de, pt (a regional tag such as pt-BR is stored as its language, pt); blank means null (English). */
            language?: string | null;
            /** @description The integrator's options, merged key by key into the stored ones. */
            options?: {
                /** @description The integrator's own reference for the session. At most 200 characters; blank means null. */
                client_id?: string | null;
                /** @description Free-form contact details (a JSON object). */
                contact?: {
                    [key: string]: unknown;
                } | null;
                /** @description Free-form reference data (a JSON object). */
                reference?: {
                    [key: string]: unknown;
                } | null;
            };
            /** @description Absolute http(s) URL; blank or null means none. */
            redirect_url?: string | null;
            /** @description The create body's group is also accepted; a field sent both here and at the top level (or in options) is refused. */
            session?: components["schemas"]["SessionGroupInput"];
            /** @description One of PRO, LITE, CAPT; null or left out means the account's default theme. */
            theme?: components["schemas"]["Theme"];
            vehicle?: components["schemas"]["VehicleInput"];
        };
        User: {
            /**
             * Format: date-time
             * @description ISO 8601 in UTC.
             */
            created_at: string;
            name: string;
            /** @enum {string} */
            role: "owner" | "inspector" | "viewer";
            username: string;
        };
        UserChangeRequest: {
            /** @description The name the pages show. */
            name?: string;
            /** @description A new password; every other sign-in of the user ends. */
            password?: string;
            /** @enum {string} */
            role?: "owner" | "inspector" | "viewer";
        };
        UserList: {
            data: components["schemas"]["User"][];
        };
        /** @description Where the vehicle is, in fractions (0–1) of the photo as displayed, from its top-left corner. */
        VehicleBox: {
            height: number;
            /** @description The detector's confidence, 0–1. */
            score: number;
            width: number;
            x: number;
            y: number;
        };
        /**
         * @description What the vehicle check saw on an exterior view: the whole vehicle, none, one cut off by the edge, or one too small in the picture.
         * @enum {string}
         */
        VehicleCheck: "ok" | "no_vehicle" | "cut_off" | "too_far";
        /** @description The vehicle: every key optional, null or blank for unknown; unknown keys are refused with 400. */
        VehicleInput: {
            /** @description The body type, e.g. Sedan. At most 100 characters; blank means null. */
            body_type?: string | null;
            /** @description Exterior colour. At most 100 characters; blank means null. */
            ext_col?: string | null;
            /** @description Interior colour. At most 100 characters; blank means null. */
            int_col?: string | null;
            /** @description The manufacturer, e.g. Toyota. At most 100 characters; blank means null. */
            make?: string | null;
            /** @description The model, e.g. Corolla. At most 100 characters; blank means null. */
            model?: string | null;
            /** @description Odometer reading, at least 0, in the given unit. */
            odom_reading?: number | null;
            /** @description km or mi; KILOMETRES and MILES are accepted as the same units. */
            odom_unit?: ("km" | "mi" | "KILOMETRES" | "MILES") | null;
            /** @description The transmission, e.g. Automatic. At most 100 characters; blank means null. */
            transmission?: string | null;
            /** @description The trim level. At most 100 characters; blank means null. */
            trim?: string | null;
            /** @description Up to 17 letters and digits without I, O, Q; upper-cased; blank means null. */
            vin?: string | null;
            /** @description Model year; at most next calendar year. */
            year?: number | null;
        };
        /** @enum {string} */
        VehicleItem: "front_bumper" | "grille" | "hood" | "windshield" | "roof" | "rear_window" | "trunk" | "tailgate" | "rear_bumper" | "left_front_fender" | "right_front_fender" | "left_rear_quarter_panel" | "right_rear_quarter_panel" | "left_front_door" | "right_front_door" | "left_rear_door" | "right_rear_door" | "left_rocker_panel" | "right_rocker_panel" | "left_front_window" | "right_front_window" | "left_rear_window" | "right_rear_window" | "left_headlight" | "right_headlight" | "left_taillight" | "right_taillight" | "left_fog_light" | "right_fog_light" | "left_mirror" | "right_mirror" | "left_front_wheel" | "right_front_wheel" | "left_rear_wheel" | "right_rear_wheel" | "left_front_tire" | "right_front_tire" | "left_rear_tire" | "right_rear_tire" | "dashboard" | "instrument_cluster" | "steering_wheel" | "front_seats" | "rear_seats" | "headliner" | "carpet" | "license_plate" | "undercarriage" | "other";
        /** @enum {string} */
        WebhookEvent: "SESSION:SMS_PROCESS" | "SESSION:STAGE_CHANGE" | "SESSION:STATUS_CHANGE" | "SESSION:COMPLETE" | "SESSION:NOTE_INSERT" | "SESSION:REPORT_REVISED";
    };
    responses: {
        /** @description Malformed JSON, a missing or invalid field, or a rule refused the request. The message names the field. */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The API key has no callback for that event. */
        CallbackNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["CallbackNotFoundError"];
            };
        };
        /** @description No Capture-Token header was sent. (A token that does not belong to the session in the path answers 404.) */
        CaptureTokenRequired: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["CaptureTokenError"];
            };
        };
        /** @description The request conflicts with the current state. */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The API headers could not be validated. The label says which check failed; nothing else about the account is revealed. */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["AuthenticationError"];
            };
        };
        /** @description The request conflicts with the current state, or a request with the same Idempotency-Key is still running (then with `Retry-After: 1`: ask again to get its answer). */
        IdempotencyKeyInFlight: {
            headers: {
                /** @description Only while a request with the same Idempotency-Key is still running: seconds to wait. */
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The Idempotency-Key was already used with a different request (method, path or body). */
        IdempotencyKeyReused: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description An unexpected failure. No internals are revealed. */
        InternalError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description A malformed request or field, or an Idempotency-Key that is not 1–255 printable ASCII characters. */
        InvalidIdempotencyKey: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The resource does not exist or belongs to another account. */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request body exceeds 1048576 bytes. The connection is closed. */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request budget of the API key (or of the client address when no key is sent) is spent. */
        TooManyRequests: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Missing or wrong admin bearer token. */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /**
         * @description A webhook event name; a name that is not a supported event gives 400.
         * @example SESSION:COMPLETE
         */
        CallbackEvent: components["schemas"]["WebhookEvent"];
        /**
         * @description The session_key of the session the Capture-Token belongs to.
         * @example XKT-7Q2M9D4B1A
         */
        CaptureSessionKey: string;
        /** @example c2Vzc2lvbmRhbWFn */
        DamageId: string;
        /**
         * @description The `next_cursor` of the previous page; omit it for the newest deliveries. Anything else gives 400.
         * @example MTc3MzQ4MjI5NjQwMjptc2dfWGIza1E5dlQxbUxyOFdjTjJwWWhaNXNKZDBG
         */
        DeliveryCursor: string;
        /**
         * @description The id of a delivery of this API key (the `webhook-id` header it was sent with).
         * @example msg_Xb3kQ9vT1mLr8WcN2pYhZ5sJd0F
         */
        DeliveryId: string;
        /** @description Deliveries per page; anything but a whole number from 1 to 100 gives 400. */
        DeliveryLimit: number;
        /**
         * @description Only this session's deliveries.
         * @example XKT-7Q2M9D4B1A
         */
        DeliverySessionKey: string;
        /**
         * @description Makes the write safe to retry. 1–255 printable ASCII characters (else 400), unique per request, e.g. a UUID. The first answer (status and body) is kept 24 hours per API key and key; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true` and does nothing else. The same key with another request answers 422; a retry while the first is still running answers 409. A 5xx answer is not kept: a retry runs again.
         * @example 3f2c9a4e-7d1b-4c8e-a5f0-9b6d2e1c8a73
         */
        IdempotencyKey: string;
        /**
         * @description The unguessable token of a stored photo, as found in photo URLs.
         * @example z20TXxVdrjXvDqRZrKlBC1KxJPhvf2tb
         */
        PhotoToken: string;
        /**
         * @description The token of report.url / report.pdf_url in the results: 32 URL-safe characters, 192 random bits.
         * @example q3Vx0bJm8LrT5wYc2NfH7kPd1sGa9ZeU
         */
        ReportLinkToken: string;
        /**
         * @description The session_key of an inspection session of this account.
         * @example XKT-7Q2M9D4B1A
         */
        SessionKey: string;
        /** @example acme */
        Username: string;
        /**
         * @description A 17-character VIN; case and dashes do not matter.
         * @example 1HGCM82633A004352
         */
        Vin: string;
    };
    requestBodies: never;
    headers: {
        /** @description `true` when this answer is the kept answer of an earlier request with the same Idempotency-Key. */
        "Idempotent-Replayed": "true";
        /** @description Requests allowed per window. */
        "RateLimit-Limit": number;
        /** @description Requests left in the current window. */
        "RateLimit-Remaining": number;
        /** @description Seconds until the window resets. */
        "RateLimit-Reset": number;
        /** @description Seconds to wait before retrying (at least 1). */
        "Retry-After": number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listAccounts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The accounts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            500: components["responses"]["InternalError"];
        };
    };
    createAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NewAccountRequest"];
            };
        };
        responses: {
            /** @description The account with its credentials. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedAccount"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    updateAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example acme */
                username: components["parameters"]["Username"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AccountSettings"];
            };
        };
        responses: {
            /** @description The account, without secrets. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    rotateAccountSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example acme */
                username: components["parameters"]["Username"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account with its new secret. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountWithSecret"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    signIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SignInRequest"];
            };
        };
        responses: {
            /** @description Signed in. */
            200: {
                headers: {
                    /** @description The cg_session cookie. */
                    "Set-Cookie"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignedInUser"];
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description Wrong username or password (the same answer for both). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            /** @description Too many failed sign-ins for this username. */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["InternalError"];
        };
    };
    signOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out; the sign-in record is gone. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A request a foreign page could have made with the visitor’s cookie: nothing ended. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["InternalError"];
        };
    };
    getSignedInUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignedInUser"];
                };
            };
            /** @description No live sign-in: no cookie, or it was ended by logout, user deletion or expiry. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["InternalError"];
        };
    };
    changePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasswordChangeRequest"];
            };
        };
        responses: {
            /** @description Changed; the other sign-ins of the user have ended. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            /** @description No live sign-in, or the current password is wrong: nothing changed. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request a foreign page could have made with the visitor’s cookie: nothing changed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            /** @description Too many failed password checks for this username. */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["InternalError"];
        };
    };
    getCaptureReportHtml: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The session_key of the session the Capture-Token belongs to.
                 * @example XKT-7Q2M9D4B1A
                 */
                sessionKey: components["parameters"]["CaptureSessionKey"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The condition report as a self-contained HTML page (UTF-8): vehicle, overall grade, damages, photos, location and notes. */
            200: {
                headers: {
                    /** @description Always `private, no-store`. */
                    "Cache-Control"?: "private, no-store";
                    /** @description The page runs no script and loads images from this origin only. */
                    "Content-Security-Policy"?: "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'none'";
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            403: components["responses"]["CaptureTokenRequired"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            500: components["responses"]["InternalError"];
        };
    };
    getCaptureReportPdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The session_key of the session the Capture-Token belongs to.
                 * @example XKT-7Q2M9D4B1A
                 */
                sessionKey: components["parameters"]["CaptureSessionKey"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The condition report as a PDF, with JPEG thumbnails of the reported photos. */
            200: {
                headers: {
                    /** @description Always `private, no-store`. */
                    "Cache-Control"?: "private, no-store";
                    /**
                     * @description Shown inline, named after the session.
                     * @example inline; filename="condition-report-XKT-7Q2M9D4B1A.pdf"
                     */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            403: components["responses"]["CaptureTokenRequired"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            500: components["responses"]["InternalError"];
        };
    };
    getLogo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example q3vTt0bqzP1mWk7yH2sLc9dXa4FeN8Rj.png */
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The logo. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": string;
                    "image/png": string;
                };
            };
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    getPhoto: {
        parameters: {
            query?: {
                /** @description Absent: the original upload. `thumb`: a JPEG at most 400 px on its long edge; `medium`: at most 1280 px. EXIF orientation applied. */
                size?: "thumb" | "medium";
            };
            header?: never;
            path: {
                /**
                 * @description The unguessable token of a stored photo, as found in photo URLs.
                 * @example z20TXxVdrjXvDqRZrKlBC1KxJPhvf2tb
                 */
                token: components["parameters"]["PhotoToken"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The image: the original in the format it was uploaded in, a thumbnail as JPEG. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": string;
                    "image/png": string;
                    "image/webp": string;
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    openReportLinkHtml: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The token of report.url / report.pdf_url in the results: 32 URL-safe characters, 192 random bits.
                 * @example q3Vx0bJm8LrT5wYc2NfH7kPd1sGa9ZeU
                 */
                token: components["parameters"]["ReportLinkToken"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The condition report as a self-contained HTML page (UTF-8): vehicle, overall grade, damages, photos, location and notes. */
            200: {
                headers: {
                    /** @description Always `private, no-store`. */
                    "Cache-Control"?: "private, no-store";
                    /** @description The page runs no script and loads images from this origin only. */
                    "Content-Security-Policy"?: "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'none'";
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description No report behind this token: a page saying the link is not valid. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The link has expired: a page saying so. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    openReportLinkPdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The token of report.url / report.pdf_url in the results: 32 URL-safe characters, 192 random bits.
                 * @example q3Vx0bJm8LrT5wYc2NfH7kPd1sGa9ZeU
                 */
                token: components["parameters"]["ReportLinkToken"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The condition report as a PDF, with JPEG thumbnails of the reported photos. */
            200: {
                headers: {
                    /** @description Always `private, no-store`. */
                    "Cache-Control"?: "private, no-store";
                    /**
                     * @description Shown inline, named after the session.
                     * @example inline; filename="condition-report-XKT-7Q2M9D4B1A.pdf"
                     */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description No report behind this token: a page saying the link is not valid. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The link has expired: a page saying so. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getAccountSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountSettingsView"];
                };
            };
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    updateAccountSettings: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the write safe to retry. 1–255 printable ASCII characters (else 400), unique per request, e.g. a UUID. The first answer (status and body) is kept 24 hours per API key and key; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true` and does nothing else. The same key with another request answers 422; a retry while the first is still running answers 409. A 5xx answer is not kept: a retry runs again.
                 * @example 3f2c9a4e-7d1b-4c8e-a5f0-9b6d2e1c8a73
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AccountSettings"];
            };
        };
        responses: {
            /** @description The settings as they are now. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountSettingsView"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["IdempotencyKeyInFlight"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The keys. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyList"];
                };
            };
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the write safe to retry. 1–255 printable ASCII characters (else 400), unique per request, e.g. a UUID. The first answer (status and body) is kept 24 hours per API key and key; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true` and does nothing else. The same key with another request answers 422; a retry while the first is still running answers 409. A 5xx answer is not kept: a retry runs again.
                 * @example 3f2c9a4e-7d1b-4c8e-a5f0-9b6d2e1c8a73
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateApiKeyBody"];
            };
        };
        responses: {
            /** @description The key with its secret. */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyWithSecret"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["IdempotencyKeyInFlight"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the write safe to retry. 1–255 printable ASCII characters (else 400), unique per request, e.g. a UUID. The first answer (status and body) is kept 24 hours per API key and key; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true` and does nothing else. The same key with another request answers 422; a retry while the first is still running answers 409. A 5xx answer is not kept: a retry runs again.
                 * @example 3f2c9a4e-7d1b-4c8e-a5f0-9b6d2e1c8a73
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example tK2m9QxWv4Lr8YbN3cJp6HsD1fGa7ZeU */
                apiKey: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            400: components["responses"]["InvalidIdempotencyKey"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    putAccountLogo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "image/jpeg": string;
                "image/png": string;
            };
        };
        responses: {
            /** @description The settings, with has_logo true. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountSettingsView"];
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description Signed in by cookie, but the sign-in has ended (logout, deletion, expiry). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API headers could not be validated; or, signed in by cookie, the request is one a foreign page could have made (send the graphql-require-preflight header), or the role is not owner. Nothing changed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthenticationError"] | components["schemas"]["Error"];
                };
            };
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteAccountLogo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings, with has_logo false. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountSettingsView"];
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description Signed in by cookie, but the sign-in has ended (logout, deletion, expiry). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API headers could not be validated; or, signed in by cookie, the request is one a foreign page could have made (send the graphql-require-preflight header), or the role is not owner. Nothing changed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthenticationError"] | components["schemas"]["Error"];
                };
            };
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listCallbacks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The callbacks. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CallbackList"];
                };
            };
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    createCallback: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the write safe to retry. 1–255 printable ASCII characters (else 400), unique per request, e.g. a UUID. The first answer (status and body) is kept 24 hours per API key and key; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true` and does nothing else. The same key with another request answers 422; a retry while the first is still running answers 409. A 5xx answer is not kept: a retry runs again.
                 * @example 3f2c9a4e-7d1b-4c8e-a5f0-9b6d2e1c8a73
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateCallbackRequest"];
            };
        };
        responses: {
            /** @description The callback. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Callback"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["IdempotencyKeyInFlight"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getCallback: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A webhook event name; a name that is not a supported event gives 400.
                 * @example SESSION:COMPLETE
                 */
                event: components["parameters"]["CallbackEvent"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The callback. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Callback"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["CallbackNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    updateCallback: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the write safe to retry. 1–255 printable ASCII characters (else 400), unique per request, e.g. a UUID. The first answer (status and body) is kept 24 hours per API key and key; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true` and does nothing else. The same key with another request answers 422; a retry while the first is still running answers 409. A 5xx answer is not kept: a retry runs again.
                 * @example 3f2c9a4e-7d1b-4c8e-a5f0-9b6d2e1c8a73
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description A webhook event name; a name that is not a supported event gives 400.
                 * @example SESSION:COMPLETE
                 */
                event: components["parameters"]["CallbackEvent"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateCallbackRequest"] | components["schemas"]["CallbackStateRequest"];
            };
        };
        responses: {
            /** @description The callback. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Callback"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["CallbackNotFound"];
            409: components["responses"]["IdempotencyKeyInFlight"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteCallback: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the write safe to retry. 1–255 printable ASCII characters (else 400), unique per request, e.g. a UUID. The first answer (status and body) is kept 24 hours per API key and key; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true` and does nothing else. The same key with another request answers 422; a retry while the first is still running answers 409. A 5xx answer is not kept: a retry runs again.
                 * @example 3f2c9a4e-7d1b-4c8e-a5f0-9b6d2e1c8a73
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description A webhook event name; a name that is not a supported event gives 400.
                 * @example SESSION:COMPLETE
                 */
                event: components["parameters"]["CallbackEvent"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The callback was removed. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CallbackDeleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["CallbackNotFound"];
            409: components["responses"]["IdempotencyKeyInFlight"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listCallbackDeliveries: {
        parameters: {
            query?: {
                /**
                 * @description The `next_cursor` of the previous page; omit it for the newest deliveries. Anything else gives 400.
                 * @example MTc3MzQ4MjI5NjQwMjptc2dfWGIza1E5dlQxbUxyOFdjTjJwWWhaNXNKZDBG
                 */
                cursor?: components["parameters"]["DeliveryCursor"];
                /** @description Deliveries per page; anything but a whole number from 1 to 100 gives 400. */
                limit?: components["parameters"]["DeliveryLimit"];
                /**
                 * @description Only this session's deliveries.
                 * @example XKT-7Q2M9D4B1A
                 */
                session_key?: components["parameters"]["DeliverySessionKey"];
            };
            header?: never;
            path: {
                /**
                 * @description A webhook event name; a name that is not a supported event gives 400.
                 * @example SESSION:COMPLETE
                 */
                event: components["parameters"]["CallbackEvent"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of deliveries. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryList"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["CallbackNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    rotateCallbackSecret: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the write safe to retry. 1–255 printable ASCII characters (else 400), unique per request, e.g. a UUID. The first answer (status and body) is kept 24 hours per API key and key; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true` and does nothing else. The same key with another request answers 422; a retry while the first is still running answers 409. A 5xx answer is not kept: a retry runs again.
                 * @example 3f2c9a4e-7d1b-4c8e-a5f0-9b6d2e1c8a73
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description A webhook event name; a name that is not a supported event gives 400.
                 * @example SESSION:COMPLETE
                 */
                event: components["parameters"]["CallbackEvent"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The callback with its new secret. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Callback"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["CallbackNotFound"];
            409: components["responses"]["IdempotencyKeyInFlight"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    sendTestDelivery: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the write safe to retry. 1–255 printable ASCII characters (else 400), unique per request, e.g. a UUID. The first answer (status and body) is kept 24 hours per API key and key; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true` and does nothing else. The same key with another request answers 422; a retry while the first is still running answers 409. A 5xx answer is not kept: a retry runs again.
                 * @example 3f2c9a4e-7d1b-4c8e-a5f0-9b6d2e1c8a73
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description A webhook event name; a name that is not a supported event gives 400.
                 * @example SESSION:COMPLETE
                 */
                event: components["parameters"]["CallbackEvent"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The queued test delivery. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Delivery"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["CallbackNotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    recoverDeliveries: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the write safe to retry. 1–255 printable ASCII characters (else 400), unique per request, e.g. a UUID. The first answer (status and body) is kept 24 hours per API key and key; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true` and does nothing else. The same key with another request answers 422; a retry while the first is still running answers 409. A 5xx answer is not kept: a retry runs again.
                 * @example 3f2c9a4e-7d1b-4c8e-a5f0-9b6d2e1c8a73
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecoverDeliveriesRequest"];
            };
        };
        responses: {
            /** @description The deliveries queued again. */
            202: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryRecovery"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["CallbackNotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getDamageCatalog: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The catalog. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DamageCatalog"];
                };
            };
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    redeliverDelivery: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the write safe to retry. 1–255 printable ASCII characters (else 400), unique per request, e.g. a UUID. The first answer (status and body) is kept 24 hours per API key and key; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true` and does nothing else. The same key with another request answers 422; a retry while the first is still running answers 409. A 5xx answer is not kept: a retry runs again.
                 * @example 3f2c9a4e-7d1b-4c8e-a5f0-9b6d2e1c8a73
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The id of a delivery of this API key (the `webhook-id` header it was sent with).
                 * @example msg_Xb3kQ9vT1mLr8WcN2pYhZ5sJd0F
                 */
                id: components["parameters"]["DeliveryId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery, queued again. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Delivery"];
                };
            };
            400: components["responses"]["InvalidIdempotencyKey"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI 3.1 document. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        info: {
                            [key: string]: unknown;
                        };
                        openapi: string;
                        paths: {
                            [key: string]: unknown;
                        };
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getAccessRecord: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The access record. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessRecord"];
                };
            };
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    createSession: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the write safe to retry. 1–255 printable ASCII characters (else 400), unique per request, e.g. a UUID. The first answer (status and body) is kept 24 hours per API key and key; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true` and does nothing else. The same key with another request answers 422; a retry while the first is still running answers 409. A 5xx answer is not kept: a retry runs again.
                 * @example 3f2c9a4e-7d1b-4c8e-a5f0-9b6d2e1c8a73
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CreateSessionRequest"];
            };
        };
        responses: {
            /** @description The access record (empty body) or the new session (non-empty body). */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessRecord"] | components["schemas"]["Session"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["IdempotencyKeyInFlight"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The session_key of an inspection session of this account.
                 * @example XKT-7Q2M9D4B1A
                 */
                sessionKey: components["parameters"]["SessionKey"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    updateSession: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the write safe to retry. 1–255 printable ASCII characters (else 400), unique per request, e.g. a UUID. The first answer (status and body) is kept 24 hours per API key and key; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true` and does nothing else. The same key with another request answers 422; a retry while the first is still running answers 409. A 5xx answer is not kept: a retry runs again.
                 * @example 3f2c9a4e-7d1b-4c8e-a5f0-9b6d2e1c8a73
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The session_key of an inspection session of this account.
                 * @example XKT-7Q2M9D4B1A
                 */
                sessionKey: components["parameters"]["SessionKey"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["UpdateSessionRequest"];
            };
        };
        responses: {
            /** @description The updated session. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteSession: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the write safe to retry. 1–255 printable ASCII characters (else 400), unique per request, e.g. a UUID. The first answer (status and body) is kept 24 hours per API key and key; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true` and does nothing else. The same key with another request answers 422; a retry while the first is still running answers 409. A 5xx answer is not kept: a retry runs again.
                 * @example 3f2c9a4e-7d1b-4c8e-a5f0-9b6d2e1c8a73
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The session_key of an inspection session of this account.
                 * @example XKT-7Q2M9D4B1A
                 */
                sessionKey: components["parameters"]["SessionKey"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session was removed. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionDeleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IdempotencyKeyInFlight"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getCaptureQr: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The session_key of an inspection session of this account.
                 * @example XKT-7Q2M9D4B1A
                 */
                sessionKey: components["parameters"]["SessionKey"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The QR code, never cached. */
            200: {
                headers: {
                    /** @description Always `private, no-store`. */
                    "Cache-Control"?: "private, no-store";
                    [name: string]: unknown;
                };
                content: {
                    "image/svg+xml": string;
                };
            };
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    confirmSession: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the write safe to retry. 1–255 printable ASCII characters (else 400), unique per request, e.g. a UUID. The first answer (status and body) is kept 24 hours per API key and key; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true` and does nothing else. The same key with another request answers 422; a retry while the first is still running answers 409. A 5xx answer is not kept: a retry runs again.
                 * @example 3f2c9a4e-7d1b-4c8e-a5f0-9b6d2e1c8a73
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The session_key of an inspection session of this account.
                 * @example XKT-7Q2M9D4B1A
                 */
                sessionKey: components["parameters"]["SessionKey"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IdempotencyKeyInFlight"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listSessionDamages: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The session_key of an inspection session of this account.
                 * @example XKT-7Q2M9D4B1A
                 */
                sessionKey: components["parameters"]["SessionKey"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The damage records. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DamageList"];
                };
            };
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    addSessionDamage: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the write safe to retry. 1–255 printable ASCII characters (else 400), unique per request, e.g. a UUID. The first answer (status and body) is kept 24 hours per API key and key; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true` and does nothing else. The same key with another request answers 422; a retry while the first is still running answers 409. A 5xx answer is not kept: a retry runs again.
                 * @example 3f2c9a4e-7d1b-4c8e-a5f0-9b6d2e1c8a73
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The session_key of an inspection session of this account.
                 * @example XKT-7Q2M9D4B1A
                 */
                sessionKey: components["parameters"]["SessionKey"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DamageInput"];
            };
        };
        responses: {
            /** @description The damage record. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Damage"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteSessionDamage: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the write safe to retry. 1–255 printable ASCII characters (else 400), unique per request, e.g. a UUID. The first answer (status and body) is kept 24 hours per API key and key; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true` and does nothing else. The same key with another request answers 422; a retry while the first is still running answers 409. A 5xx answer is not kept: a retry runs again.
                 * @example 3f2c9a4e-7d1b-4c8e-a5f0-9b6d2e1c8a73
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example c2Vzc2lvbmRhbWFn */
                damageId: components["parameters"]["DamageId"];
                /**
                 * @description The session_key of an inspection session of this account.
                 * @example XKT-7Q2M9D4B1A
                 */
                sessionKey: components["parameters"]["SessionKey"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Confirmation. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    updateSessionDamage: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the write safe to retry. 1–255 printable ASCII characters (else 400), unique per request, e.g. a UUID. The first answer (status and body) is kept 24 hours per API key and key; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true` and does nothing else. The same key with another request answers 422; a retry while the first is still running answers 409. A 5xx answer is not kept: a retry runs again.
                 * @example 3f2c9a4e-7d1b-4c8e-a5f0-9b6d2e1c8a73
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example c2Vzc2lvbmRhbWFn */
                damageId: components["parameters"]["DamageId"];
                /**
                 * @description The session_key of an inspection session of this account.
                 * @example XKT-7Q2M9D4B1A
                 */
                sessionKey: components["parameters"]["SessionKey"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DamageChange"];
            };
        };
        responses: {
            /** @description The damage record. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Damage"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listSessionNotes: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The session_key of an inspection session of this account.
                 * @example XKT-7Q2M9D4B1A
                 */
                sessionKey: components["parameters"]["SessionKey"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The notes. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Note"][];
                };
            };
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    addSessionNote: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the write safe to retry. 1–255 printable ASCII characters (else 400), unique per request, e.g. a UUID. The first answer (status and body) is kept 24 hours per API key and key; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true` and does nothing else. The same key with another request answers 422; a retry while the first is still running answers 409. A 5xx answer is not kept: a retry runs again.
                 * @example 3f2c9a4e-7d1b-4c8e-a5f0-9b6d2e1c8a73
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The session_key of an inspection session of this account.
                 * @example XKT-7Q2M9D4B1A
                 */
                sessionKey: components["parameters"]["SessionKey"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NoteInput"];
            };
        };
        responses: {
            /** @description The note. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Note"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IdempotencyKeyInFlight"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listSessionPhotos: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The session_key of an inspection session of this account.
                 * @example XKT-7Q2M9D4B1A
                 */
                sessionKey: components["parameters"]["SessionKey"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The captures. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Photo"][];
                };
            };
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    uploadSessionPhoto: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the write safe to retry. 1–255 printable ASCII characters (else 400), unique per request, e.g. a UUID. The first answer (status and body) is kept 24 hours per API key and key; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true` and does nothing else. The same key with another request answers 422; a retry while the first is still running answers 409. A 5xx answer is not kept: a retry runs again.
                 * @example 3f2c9a4e-7d1b-4c8e-a5f0-9b6d2e1c8a73
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The photo's code in the session's theme (1 VIN … 13 Rear_Left).
                 * @example 4
                 */
                photoCode: string;
                /**
                 * @description The session_key of an inspection session of this account.
                 * @example XKT-7Q2M9D4B1A
                 */
                sessionKey: components["parameters"]["SessionKey"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "image/jpeg": string;
                "image/png": string;
                "image/webp": string;
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The image file: JPEG, PNG or WebP, at most 15 MB.
                     */
                    file: string;
                };
            };
        };
        responses: {
            /** @description The photo entry, as GET …/photos lists it, with the verdict of quality control. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Photo"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IdempotencyKeyInFlight"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getSessionReportHtml: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The session_key of an inspection session of this account.
                 * @example XKT-7Q2M9D4B1A
                 */
                sessionKey: components["parameters"]["SessionKey"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The condition report as a self-contained HTML page (UTF-8): vehicle, overall grade, damages, photos, location and notes. */
            200: {
                headers: {
                    /** @description Always `private, no-store`. */
                    "Cache-Control"?: "private, no-store";
                    /** @description The page runs no script and loads images from this origin only. */
                    "Content-Security-Policy"?: "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'none'";
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getSessionReportPdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The session_key of an inspection session of this account.
                 * @example XKT-7Q2M9D4B1A
                 */
                sessionKey: components["parameters"]["SessionKey"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The condition report as a PDF, with JPEG thumbnails of the reported photos. */
            200: {
                headers: {
                    /** @description Always `private, no-store`. */
                    "Cache-Control"?: "private, no-store";
                    /**
                     * @description Shown inline, named after the session.
                     * @example inline; filename="condition-report-XKT-7Q2M9D4B1A.pdf"
                     */
                    "Content-Disposition"?: string;
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getSessionResults: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The session_key of an inspection session of this account.
                 * @example XKT-7Q2M9D4B1A
                 */
                sessionKey: components["parameters"]["SessionKey"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The results object. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionResults"];
                };
            };
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    completeSessionReview: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the write safe to retry. 1–255 printable ASCII characters (else 400), unique per request, e.g. a UUID. The first answer (status and body) is kept 24 hours per API key and key; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true` and does nothing else. The same key with another request answers 422; a retry while the first is still running answers 409. A 5xx answer is not kept: a retry runs again.
                 * @example 3f2c9a4e-7d1b-4c8e-a5f0-9b6d2e1c8a73
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The session_key of an inspection session of this account.
                 * @example XKT-7Q2M9D4B1A
                 */
                sessionKey: components["parameters"]["SessionKey"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReviewInput"];
            };
        };
        responses: {
            /** @description The results object. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionResults"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    reopenSessionReview: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the write safe to retry. 1–255 printable ASCII characters (else 400), unique per request, e.g. a UUID. The first answer (status and body) is kept 24 hours per API key and key; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true` and does nothing else. The same key with another request answers 422; a retry while the first is still running answers 409. A 5xx answer is not kept: a retry runs again.
                 * @example 3f2c9a4e-7d1b-4c8e-a5f0-9b6d2e1c8a73
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The session_key of an inspection session of this account.
                 * @example XKT-7Q2M9D4B1A
                 */
                sessionKey: components["parameters"]["SessionKey"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReopenReviewInput"];
            };
        };
        responses: {
            /** @description The session, its review reopened. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    simulateSession: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the write safe to retry. 1–255 printable ASCII characters (else 400), unique per request, e.g. a UUID. The first answer (status and body) is kept 24 hours per API key and key; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true` and does nothing else. The same key with another request answers 422; a retry while the first is still running answers 409. A 5xx answer is not kept: a retry runs again.
                 * @example 3f2c9a4e-7d1b-4c8e-a5f0-9b6d2e1c8a73
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The session_key of an inspection session of this account.
                 * @example XKT-7Q2M9D4B1A
                 */
                sessionKey: components["parameters"]["SessionKey"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SimulateBody"];
            };
        };
        responses: {
            /** @description The simulation has started. */
            202: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SimulationStarted"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    exportSessionsCsv: {
        parameters: {
            query?: {
                /** @description true: only confirmed sessions waiting for a person to complete their review (the review queue, manual review mode); false: every other session. */
                awaiting_review?: boolean;
                /**
                 * @description Only sessions created at or after this time; a date means its midnight UTC. ISO 8601: a date-time with Z or an offset, or a date.
                 * @example 2026-11-01
                 */
                created_from?: string;
                /**
                 * @description Only sessions created at or before this time; a date means up to the end of that day (UTC). ISO 8601: a date-time with Z or an offset, or a date.
                 * @example 2026-11-30
                 */
                created_to?: string;
                /**
                 * @description Finds sessions whose session key, VIN, client_id, reference values, or contact's name, phone or email contain this text, in any case. A phone number matches whatever its separators.
                 * @example dana
                 */
                q?: string;
                /**
                 * @description Only sessions in these statuses (any of IDLE, STARTED, PROCESS, QC_PASSED, CONFIRM, COMPLETE, EXPIRED); in a query string, a comma-separated list.
                 * @example [
                 *       "COMPLETE",
                 *       "CONFIRM"
                 *     ]
                 */
                status?: ("IDLE" | "STARTED" | "PROCESS" | "QC_PASSED" | "CONFIRM" | "COMPLETE" | "EXPIRED")[];
                /** @description true: only sessions made with a test key; false (the default): only live ones. */
                test?: boolean;
                /**
                 * @description Only sessions whose representation changed (updated_at) at or after this time; a date means its midnight UTC. ISO 8601: a date-time with Z or an offset, or a date.
                 * @example 2026-11-27T08:00:00Z
                 */
                updated_since?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The CSV file, UTF-8 (`text/csv; charset=utf-8`); its header row is `session_key,status,theme,language,created_at,completed_at,vin,vin_match,year,make,model,odometer,grade,total_damages,reviewed_by,contact_name,contact_phone,client_id`. */
            200: {
                headers: {
                    /** @description Always `private, no-store`. */
                    "Cache-Control"?: "private, no-store";
                    /** @description attachment, with a file name carrying the date. */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example session_key,status,theme,language,created_at,completed_at,vin,vin_match,year,make,model,odometer,grade,total_damages,reviewed_by,contact_name,contact_phone,client_id
                     *     XKT-7Q2M9D4B1A,COMPLETE,PRO,en,2026-03-14T09:26:54.120Z,2026-03-14T10:02:31.877Z,1HGCM82633A004352,true,2003,Honda,Accord,42180,4,2,jdoe,Dana Buyer,+15550100199,lot-42
                     */
                    "text/csv": string;
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    searchSessions: {
        parameters: {
            query?: {
                /** @description true: only confirmed sessions waiting for a person to complete their review (the review queue, manual review mode); false: every other session. */
                awaiting_review?: boolean;
                /**
                 * @description Only sessions created at or after this time; a date means its midnight UTC. ISO 8601: a date-time with Z or an offset, or a date.
                 * @example 2026-11-01
                 */
                created_from?: string;
                /**
                 * @description Only sessions created at or before this time; a date means up to the end of that day (UTC). ISO 8601: a date-time with Z or an offset, or a date.
                 * @example 2026-11-30
                 */
                created_to?: string;
                /** @description The next_cursor of the previous page, with the same filters; omit it for the newest sessions. */
                cursor?: string;
                /** @description Sessions per page, 1–100 (default 25). */
                limit?: number;
                /**
                 * @description Finds sessions whose session key, VIN, client_id, reference values, or contact's name, phone or email contain this text, in any case. A phone number matches whatever its separators.
                 * @example dana
                 */
                q?: string;
                /**
                 * @description Only sessions in these statuses (any of IDLE, STARTED, PROCESS, QC_PASSED, CONFIRM, COMPLETE, EXPIRED); in a query string, a comma-separated list.
                 * @example [
                 *       "COMPLETE",
                 *       "CONFIRM"
                 *     ]
                 */
                status?: ("IDLE" | "STARTED" | "PROCESS" | "QC_PASSED" | "CONFIRM" | "COMPLETE" | "EXPIRED")[];
                /** @description true: only sessions made with a test key; false (the default): only live ones. */
                test?: boolean;
                /**
                 * @description Only sessions whose representation changed (updated_at) at or after this time; a date means its midnight UTC. ISO 8601: a date-time with Z or an offset, or a date.
                 * @example 2026-11-27T08:00:00Z
                 */
                updated_since?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of sessions. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionSearchPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listUsers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The users, oldest first. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserList"];
                };
            };
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    createUser: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the write safe to retry. 1–255 printable ASCII characters (else 400), unique per request, e.g. a UUID. The first answer (status and body) is kept 24 hours per API key and key; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true` and does nothing else. The same key with another request answers 422; a retry while the first is still running answers 409. A 5xx answer is not kept: a retry runs again.
                 * @example 3f2c9a4e-7d1b-4c8e-a5f0-9b6d2e1c8a73
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NewUserRequest"];
            };
        };
        responses: {
            /** @description The user. */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteUser: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the write safe to retry. 1–255 printable ASCII characters (else 400), unique per request, e.g. a UUID. The first answer (status and body) is kept 24 hours per API key and key; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true` and does nothing else. The same key with another request answers 422; a retry while the first is still running answers 409. A 5xx answer is not kept: a retry runs again.
                 * @example 3f2c9a4e-7d1b-4c8e-a5f0-9b6d2e1c8a73
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example jane.doe */
                username: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Confirmation. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            400: components["responses"]["InvalidIdempotencyKey"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    updateUser: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the write safe to retry. 1–255 printable ASCII characters (else 400), unique per request, e.g. a UUID. The first answer (status and body) is kept 24 hours per API key and key; a retry with the same key, method, path and body gets that answer again with `Idempotent-Replayed: true` and does nothing else. The same key with another request answers 422; a retry while the first is still running answers 409. A 5xx answer is not kept: a retry runs again.
                 * @example 3f2c9a4e-7d1b-4c8e-a5f0-9b6d2e1c8a73
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example jane.doe */
                username: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserChangeRequest"];
            };
        };
        responses: {
            /** @description The user as changed. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    decodeVin: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A 17-character VIN; case and dashes do not matter.
                 * @example 1HGCM82633A004352
                 */
                vin: components["parameters"]["Vin"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The decode; null where the data says nothing. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DecodedVehicleOutput"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deliverComplete: {
        parameters: {
            query?: never;
            header: {
                /** @description Stable across retries of one delivery. */
                "webhook-id": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, one per valid secret (Standard Webhooks). */
                "webhook-signature": string;
                /** @description Unix seconds of the attempt. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SessionCompletePayload"];
            };
        };
        responses: {
            /** @description Delivered. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the callback is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    deliverNoteInsert: {
        parameters: {
            query?: never;
            header: {
                /** @description Stable across retries of one delivery. */
                "webhook-id": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, one per valid secret (Standard Webhooks). */
                "webhook-signature": string;
                /** @description Unix seconds of the attempt. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NoteInsertPayload"];
            };
        };
        responses: {
            /** @description Delivered. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the callback is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    deliverReportRevised: {
        parameters: {
            query?: never;
            header: {
                /** @description Stable across retries of one delivery. */
                "webhook-id": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, one per valid secret (Standard Webhooks). */
                "webhook-signature": string;
                /** @description Unix seconds of the attempt. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReportRevisedPayload"];
            };
        };
        responses: {
            /** @description Delivered. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the callback is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    deliverSmsProcess: {
        parameters: {
            query?: never;
            header: {
                /** @description Stable across retries of one delivery. */
                "webhook-id": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, one per valid secret (Standard Webhooks). */
                "webhook-signature": string;
                /** @description Unix seconds of the attempt. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SmsProcessPayload"];
            };
        };
        responses: {
            /** @description Delivered. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the callback is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    deliverStageChange: {
        parameters: {
            query?: never;
            header: {
                /** @description Stable across retries of one delivery. */
                "webhook-id": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, one per valid secret (Standard Webhooks). */
                "webhook-signature": string;
                /** @description Unix seconds of the attempt. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StageChangePayload"];
            };
        };
        responses: {
            /** @description Delivered. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the callback is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    deliverStatusChange: {
        parameters: {
            query?: never;
            header: {
                /** @description Stable across retries of one delivery. */
                "webhook-id": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, one per valid secret (Standard Webhooks). */
                "webhook-signature": string;
                /** @description Unix seconds of the attempt. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StatusChangePayload"];
            };
        };
        responses: {
            /** @description Delivered. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the callback is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
