export interface paths {
    "/latest/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The process is up
         * @description No authentication.
         */
        get: operations["health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The process is up
         * @description No authentication.
         */
        get: operations["healthz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The database is reachable and migrated
         * @description No authentication.
         */
        get: operations["readyz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/projects/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a project
         * @description Creates a project in the organization; the caller becomes its admin. Header: `Authorization: Bearer :<API_KEY>`.
         *
         *     API key, account-level: `Authorization: Bearer :<api_key>` (a project part is ignored).
         */
        post: operations["projectsCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/projects/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Projects the caller belongs to
         * @description `projects` and `count` (all of them) as the v2 SDK reads them; `results` is the same page.
         *
         *     API key, account-level: `Authorization: Bearer :<api_key>` (a project part is ignored).
         */
        get: operations["projectsList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/auth/invite/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invite a user to the project
         * @description One pending invite per email and project (a second is 409: delete and re-create to change the role). A user already in the organization is accepted at once (`state: "accepted"`).
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "admin" or higher.
         */
        post: operations["authInviteCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/auth/invite/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete a pending invite
         * @description API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "admin" or higher.
         */
        post: operations["authInviteDelete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/auth/invite/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pending invites of the project
         * @description API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "admin" or higher.
         */
        post: operations["authInviteList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/auth/invite/lookup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * What an invite link invites to
         * @description For the invite page, before accepting: the invited email, the role, the organization and project names, who invited, and whether that email already has an account here (then accepting takes its password). Only what the link holder is meant to see; 404 for a code that is unknown, deleted or already accepted. The code is sent in the body, so it stays out of URLs and access logs.
         *
         *     No authentication; a credential sent anyway is ignored. Rate-limited per client address.
         */
        post: operations["authInviteLookup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/auth/invite/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept an invite
         * @description With the invitee's API key, or the password of the invitee's existing account; for an email with no account, creates it with `password` (at least 8 characters).
         *
         *     No authentication needed; an API key is used when given.
         */
        post: operations["authInviteAccept"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/auth/users/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Members of the project
         * @description API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "admin" or higher.
         */
        post: operations["authUsersList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/auth/users/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A member of the project
         * @description API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "admin" or higher.
         */
        get: operations["authUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/auth/users/{user_id}/update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change a member's role
         * @description Header: `Authorization: <project_id>:<API_KEY>` (no Bearer prefix needed). Demoting the last admin is 409. The role is always replaced: `overwrite` and profile fields are accepted and ignored.
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "admin" or higher.
         */
        post: operations["authUsersUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/auth/users/{user_id}/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remove a user from the project
         * @description Removes the user from this project only. Removing the last admin is 409.
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "admin" or higher.
         */
        post: operations["authUsersDelete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/auth/info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who the key belongs to
         * @description With a project part in the header, also the caller’s permissions on that project.
         *
         *     API key: `Authorization: Bearer :<api_key>`, or `Bearer <project_id>:<api_key>` to include your permissions on that project.
         */
        get: operations["authInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/auth/users/{user_id}/keys/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an API key for yourself
         * @description The key is shown in this response only; Hangar keeps just its SHA-256 digest.
         *
         *     API key, account-level: `Authorization: Bearer :<api_key>` (a project part is ignored).
         */
        post: operations["authUsersKeysCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/auth/users/{user_id}/keys/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A user's active keys (no secrets)
         * @description API key, account-level: `Authorization: Bearer :<api_key>` (a project part is ignored).
         */
        post: operations["authUsersKeysList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/auth/users/{user_id}/keys/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke a key
         * @description Takes effect on the next request, on every server. The key as `key_id` or (the v2 SDK's form) `id`.
         *
         *     API key, account-level: `Authorization: Bearer :<api_key>` (a project part is ignored).
         */
        post: operations["authUsersKeysDelete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/organizations/{organization_id}/users/{user_id}/deactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deactivate a user of the organization
         * @description Organization admins only. Revokes every API key and MCP OAuth grant of the user and ends their sessions, at once, on every server of the region (`keys_revoked` counts the keys revoked). Revoked keys and grants never work again, not after `…/reactivate` nor after the identity provider sets the user `active` again over SCIM: a reactivated user creates new keys. (SCIM `active: false` is a suspension instead: the keys come back with `active: true`.)
         *
         *     API key, account-level: `Authorization: Bearer :<api_key>` (a project part is ignored).
         */
        post: operations["organizationsUsersDeactivate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/organizations/{organization_id}/users/{user_id}/reactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reactivate a deactivated user of the organization
         * @description Organization admins only. Restores the account: the user signs in again for a dashboard session and creates new keys. Keys and MCP OAuth grants revoked by `…/deactivate` stay revoked; only the keys of a user the identity provider suspended (SCIM `active: false`) work again, and `keys_restored` counts those (no new key is made). A user who is active is left as is.
         *
         *     API key, account-level: `Authorization: Bearer :<api_key>` (a project part is ignored).
         */
        post: operations["organizationsUsersReactivate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/organizations/{organization_id}/members/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * People of the organization
         * @description Organization admins only. Every account of the organization (not only one project's members), oldest first, deactivated ones with `active: false`; `org_role` keeps only admins or only the others. Pass `next_cursor` back as `cursor` for the next page.
         *
         *     API key, account-level: `Authorization: Bearer :<api_key>` (a project part is ignored).
         */
        post: operations["organizationsMembersList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in to the dashboard
         * @description Sets an HTTP-only, SameSite=Strict session cookie, and a readable `hangar_csrf` cookie whose value every state-changing call made with the session must echo in the `x-hangar-csrf` header.
         *
         *     No authentication; a credential sent anyway is ignored. Rate-limited per client address.
         */
        post: operations["authLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End the dashboard session
         * @description No authentication needed; an API key is used when given.
         */
        post: operations["authLogout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/organizations/{organization_id}/sso/providers/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add an OpenID identity provider
         * @description Organization admins. Hangar discovers the provider from `<issuer>/.well-known/openid-configuration` first, and stores nothing when it cannot. Register `redirect_uri` of `…/sso/providers/list` at the provider as the client's redirect URI.
         *
         *     API key, account-level: `Authorization: Bearer :<api_key>` (a project part is ignored).
         */
        post: operations["organizationsSsoProvidersCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/organizations/{organization_id}/sso/providers/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The organization's identity providers (never their secrets)
         * @description API key, account-level: `Authorization: Bearer :<api_key>` (a project part is ignored).
         */
        post: operations["organizationsSsoProvidersList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/organizations/{organization_id}/sso/providers/{provider_id}/update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change an identity provider
         * @description Only the fields given change. A new issuer, client id or secret is checked by discovery first.
         *
         *     API key, account-level: `Authorization: Bearer :<api_key>` (a project part is ignored).
         */
        post: operations["organizationsSsoProvidersUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/organizations/{organization_id}/sso/providers/{provider_id}/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remove an identity provider
         * @description Ends the sessions it signed in. Refused (409) for the last provider while single sign-on is required.
         *
         *     API key, account-level: `Authorization: Bearer :<api_key>` (a project part is ignored).
         */
        post: operations["organizationsSsoProvidersDelete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/organizations/{organization_id}/sso/group_rules/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Map an identity-provider group to a project role
         * @description `group` matches a value of the provider's group claim and a SCIM Group's `displayName` (case-insensitive). Members of the group get the role in the project (the highest of the rules that match), applied at once and at every sign-in.
         *
         *     API key, account-level: `Authorization: Bearer :<api_key>` (a project part is ignored).
         */
        post: operations["organizationsSsoGroupRulesCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/organizations/{organization_id}/sso/group_rules/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The organization's group rules
         * @description API key, account-level: `Authorization: Bearer :<api_key>` (a project part is ignored).
         */
        post: operations["organizationsSsoGroupRulesList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/organizations/{organization_id}/sso/group_rules/{rule_id}/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remove a group rule
         * @description Takes back the roles it alone granted, at once, on every server.
         *
         *     API key, account-level: `Authorization: Bearer :<api_key>` (a project part is ignored).
         */
        post: operations["organizationsSsoGroupRulesDelete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/organizations/{organization_id}/sso/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether single sign-on is required, and the break-glass admins
         * @description API key, account-level: `Authorization: Bearer :<api_key>` (a project part is ignored).
         */
        get: operations["organizationsSsoSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/organizations/{organization_id}/sso/settings/update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Require single sign-on
         * @description Needs at least one identity provider to turn on. Break-glass users must be active organization admins.
         *
         *     API key, account-level: `Authorization: Bearer :<api_key>` (a project part is ignored).
         */
        post: operations["organizationsSsoSettingsUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/auth/sso/providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Which provider signs in an email address
         * @description For the sign-in page's email-first step: the display name of the provider that answers for the address's domain, if any; nothing else of its organization.
         *
         *     No authentication; a credential sent anyway is ignored. Rate-limited per client address.
         */
        get: operations["authSsoProviders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/auth/sso/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Start a single sign-on
         * @description Redirects the browser to the identity provider (authorization code + PKCE, state and nonce kept server-side, single use, 10 minutes), named by `provider_id` or by the domain of `email`. A browser that asked for HTML gets every error as a redirect to the sign-in page with `sso_error=<code>`, one of: `invalid_request`, `unknown_sign_in`, `expired`, `wrong_browser`, `unknown_provider`, `no_provider`, `idp_refused`, `idp_unreachable`, `token_invalid`, `idp_invalid_claims`, `email_missing`, `email_unverified`, `not_allowed`, `account_deactivated`, `identity_conflict`, `retry`, `rate_limited`, `unavailable`, `internal`.
         *
         *     No authentication; a credential sent anyway is ignored. Rate-limited per client address.
         */
        get: operations["authSsoStart"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/auth/sso/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where the identity provider sends the browser back
         * @description Authenticated by its single-use state and the cookie set by `/latest/auth/sso/start`. Validates the ID token (signature by the provider's JWKS, `iss`, `aud`, `exp`, `nonce`), finds the account linked to the token's `sub` (or links, or creates on a first sign-in, the account of an allowed domain's address the provider says is verified), re-applies the group rules, sets the same session cookies as `POST /latest/auth/login`, and redirects to the dashboard. A browser that asked for HTML gets every error as a redirect to the sign-in page with `sso_error=<code>`, one of: `invalid_request`, `unknown_sign_in`, `expired`, `wrong_browser`, `unknown_provider`, `no_provider`, `idp_refused`, `idp_unreachable`, `token_invalid`, `idp_invalid_claims`, `email_missing`, `email_unverified`, `not_allowed`, `account_deactivated`, `identity_conflict`, `retry`, `rate_limited`, `unavailable`, `internal`.
         *
         *     No authentication; a credential sent anyway is ignored. Rate-limited per client address.
         */
        get: operations["authSsoCallback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/organizations/{organization_id}/domains/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Claim an email domain
         * @description Organization admins. Answers the TXT record to publish; the claim does nothing until verified (`…/domains/{domain_id}/verify`). A domain another organization has verified is a 409 (which does not name it).
         *
         *     API key, account-level: `Authorization: Bearer :<api_key>` (a project part is ignored).
         */
        post: operations["organizationsDomainsCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/organizations/{organization_id}/domains/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The organization's domains, verified or not
         * @description API key, account-level: `Authorization: Bearer :<api_key>` (a project part is ignored).
         */
        post: operations["organizationsDomainsList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/organizations/{organization_id}/domains/{domain_id}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify a domain by its TXT record
         * @description Looks up the TXT records at `_hangar-verification.<domain>` (through `HANGAR_DNS_SERVERS`, or the system's resolvers), within 10 s. Verified: the email-first sign-in of its addresses goes to the organization's provider that lists it, and no other organization creates accounts at its addresses. A 400 says what was found instead; a DNS failure or no answer in time is a 502.
         *
         *     API key, account-level: `Authorization: Bearer :<api_key>` (a project part is ignored).
         */
        post: operations["organizationsDomainsVerify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/organizations/{organization_id}/domains/{domain_id}/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remove a domain claim
         * @description Its addresses stop routing to the organization's provider and are no longer reserved to it; accounts stay where they are.
         *
         *     API key, account-level: `Authorization: Bearer :<api_key>` (a project part is ignored).
         */
        post: operations["organizationsDomainsDelete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/organizations/{organization_id}/audit/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The organization's audit trail
         * @description Organization admins only. Every recorded change, newest first, filtered by action, actor (id or email), target and time (`from`/`to` inclusive). Pass `next_cursor` back as `cursor` for the next page; a cursor stays valid while new records arrive.
         *
         *     API key, account-level: `Authorization: Bearer :<api_key>` (a project part is ignored).
         */
        post: operations["organizationsAuditList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/organizations/{organization_id}/audit/actions/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The actions the audit trail records
         * @description Organization admins only. Every `action` a record may have, grouped by what it changes: the choices of the `action` filter.
         *
         *     API key, account-level: `Authorization: Bearer :<api_key>` (a project part is ignored).
         */
        get: operations["organizationsAuditActionsList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/organizations/{organization_id}/audit/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export the organization's audit trail (NDJSON)
         * @description Organization admins only. Every matching record, newest first, one JSON object per line (`application/x-ndjson`), the same records and filters as `audit/list` (as query parameters). Streamed: any size of trail.
         *
         *     API key, account-level: `Authorization: Bearer :<api_key>` (a project part is ignored).
         */
        get: operations["organizationsAuditExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/organizations/{organization_id}/scim/tokens/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a SCIM token
         * @description Organization admins only. The token is shown in this response only (Hangar keeps its SHA-256 digest); give it to the identity provider with the SCIM base URL (`<base>/scim/v2`, also in `scim/tokens/list`). At most 20 active tokens per organization.
         *
         *     API key, account-level: `Authorization: Bearer :<api_key>` (a project part is ignored).
         */
        post: operations["organizationsScimTokensCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/organizations/{organization_id}/scim/tokens/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The organization's active SCIM tokens (no secrets), and the SCIM base URL
         * @description Organization admins only. `scim_base_url` is what an identity provider is given as the SCIM endpoint ("Tenant URL" in Entra ID, "SCIM connector base URL" in Okta).
         *
         *     API key, account-level: `Authorization: Bearer :<api_key>` (a project part is ignored).
         */
        post: operations["organizationsScimTokensList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/organizations/{organization_id}/scim/tokens/{token_id}/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke a SCIM token
         * @description Organization admins only. The identity provider using it is refused from its next request, on every server.
         *
         *     API key, account-level: `Authorization: Bearer :<api_key>` (a project part is ignored).
         */
        post: operations["organizationsScimTokensDelete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/integrations/providers/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The provider catalogue
         * @description Providers, how each connects, whether it is beta, its API Call rules, and its named tool steps with their input schemas.
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "viewer" or higher.
         */
        get: operations["integrationsProvidersList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/integrations/steps/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tool-step search bar
         * @description Steps whose provider kind words (e.g. "enrichment", "code host", "analytics") or whose names match every word of `query`.
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "viewer" or higher.
         */
        get: operations["integrationsStepsList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/integrations/connections/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Connect a provider with an API key, or a remote MCP server
         * @description For the enrichment providers (their API key) and the code host (a fine-grained access token): `api_key`, checked at the provider when it offers a check, stored encrypted, and never returned. For a remote MCP server (`provider: "mcp"`): its streamable HTTP `url` and optional `headers` (e.g. `{"authorization": "Bearer …"}`, stored encrypted, never returned); the server must answer `initialize` and `tools/list`, or the answer says why and nothing is stored. Private and loopback addresses are refused unless the deployment allows them.
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "editor" or higher.
         */
        post: operations["integrationsConnectionsCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/integrations/oauth/get_url": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Begin signing in to a provider
         * @description Returns the address to open (state and PKCE, bound to this project and user, single use, valid 10 minutes). After the provider redirects back, the browser goes to `redirect_url` with `connection_id`. For a remote MCP server (`provider: "mcp"`, its `url`, an optional `label`): Hangar reads its protected-resource and authorization-server metadata, registers itself there dynamically, and asks for a token bound to the server (`resource`); the server is checked with it before the connection is stored.
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "editor" or higher.
         */
        post: operations["integrationsOauthGetUrl"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/integrations/oauth/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where the provider sends the browser back
         * @description Authenticated by its single-use state. Redirects to the flow’s redirect_url, or answers JSON.
         *
         *     No authentication.
         */
        get: operations["integrationsOauthCallback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/integrations/connections/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The project's connections and its organization's keys (never their secrets)
         * @description The project's own connections (`scope: "project"`) and the keys its organization's admins set (`scope: "organization"`, with who set them), in one order. Any of them may be named by a step, agent action or trigger; an organization key resolves by provider: the project's own connection of that provider while it has one, else the organization's key.
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "viewer" or higher.
         */
        post: operations["integrationsConnectionsList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/integrations/connections/{connection_id}/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remove a connection
         * @description Revokes the OAuth grant at the provider where it can. Steps using the connection then fail with `connection_removed` until it is reconnected; steps naming an organization key of the provider fall back to the organization's key. An organization key is removed by an organization admin (403 here).
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "editor" or higher.
         */
        post: operations["integrationsConnectionsDelete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/integrations/connections/{connection_id}/update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rename a connection, or replace its key
         * @description `label` renames it (null or "" clears it: it is then named by its provider and account). `api_key` replaces the key or access token of a connection made with one: checked at the provider like a new one (nothing changes when refused), stored encrypted, never returned, and used by every server from its next call on. A connection made by signing in is renewed by signing in again with the same account (`oauth/get_url`): 400 here. An organization key is changed by an organization admin (403).
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "editor" or higher.
         */
        post: operations["integrationsConnectionsUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/integrations/connections/{connection_id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Test a connection
         * @description One cheap request to the provider with the connection's credentials (the key's check, the signed-in account's own request), or a remote MCP server's tools listed again. `ok: true` when the provider accepted them, `false` with its reason when it refused or could not be reached, `null` when the provider offers nothing to check a key with (ANZ Enrichment: a wrong key shows at the first call). A removed connection is a 409 `connection_removed`.
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "viewer" or higher.
         */
        post: operations["integrationsConnectionsTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/integrations/connections/{connection_id}/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What uses a connection
         * @description The project's tools with a step naming it (`params.connection_id`), agents with an action naming it (a step's `connection_id` or a remote MCP server's `mcp.connection_id`), and triggers on it (with their agent): what stops working when it is removed. An id written in a template (`{{params.…}}`) is not resolved.
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "viewer" or higher.
         */
        get: operations["integrationsConnectionsUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/integrations/connections/{connection_id}/repositories/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The repositories a code-host connection can see
         * @description Asked of the code host now (`GET /user/repos`: the account's own, those it collaborates on and its organizations'), most recently pushed first, at most 300 (`truncated` when there are more). `admin`: whether the connection administers it, which a trigger's webhook needs. 400 for a connection of another provider.
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "viewer" or higher.
         */
        get: operations["integrationsConnectionsRepositoriesList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/integrations/connections/{connection_id}/mcp/tools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A remote MCP server's tools
         * @description As last listed (kept for every process, and listed again when the server sends `notifications/tools/list_changed`), or listed from the server now with `refresh=true`. Call one with the step `mcp.call_tool` (`{connection_id, tool, arguments}`) or offer them to an agent with the action `{mcp: {connection_id, tools}}`.
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "viewer" or higher.
         */
        get: operations["integrationsConnectionsMcpTools"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/integrations/steps/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run a named tool step
         * @description A provider no-match is a success with `output.matched: false`. Credits used are recorded on the run.
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "viewer" or higher.
         */
        post: operations["integrationsStepsRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/integrations/api_call": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * API Call: forward a request to the provider
         * @description `endpoint` is a path at the provider (for analytics from the version segment: `v1beta/...`). The provider’s answer, whatever its status, comes back as data. The code host requires `headers: {"accept": "application/vnd.codehost+json"}`.
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "viewer" or higher.
         */
        post: operations["integrationsApiCall"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/organizations/{organization_id}/integrations/connections/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set an organization key
         * @description Organization admins only (403 for anyone else of the organization; 404 for another organization). One key per provider, checked at the provider when it offers a check, stored encrypted and never returned. Every project of the organization may name it in steps, agents and triggers; a project's own connection of the provider overrides it. OAuth providers and remote MCP servers are not shared (400).
         *
         *     API key, account-level: `Authorization: Bearer :<api_key>` (a project part is ignored).
         */
        post: operations["organizationsIntegrationsConnectionsCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/organizations/{organization_id}/integrations/connections/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The organization's keys (never their secrets)
         * @description Organization admins only (403 for anyone else of the organization; 404 for another organization). Removed keys stay listed (status `removed`). Projects see the keys in their own `/latest/integrations/connections/list`.
         *
         *     API key, account-level: `Authorization: Bearer :<api_key>` (a project part is ignored).
         */
        post: operations["organizationsIntegrationsConnectionsList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/organizations/{organization_id}/integrations/connections/{connection_id}/update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate an organization key, or rename it
         * @description Organization admins only (403 for anyone else of the organization; 404 for another organization). A new `api_key` is checked at the provider like a new one, then used by every project on every server from its next call; `label` renames it (null clears it).
         *
         *     API key, account-level: `Authorization: Bearer :<api_key>` (a project part is ignored).
         */
        post: operations["organizationsIntegrationsConnectionsUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/organizations/{organization_id}/integrations/connections/{connection_id}/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remove an organization key
         * @description Organization admins only (403 for anyone else of the organization; 404 for another organization). Projects with a connection of their own of the provider keep using theirs; the others' steps, agents and triggers naming the key fail with `connection_removed`, which names it.
         *
         *     API key, account-level: `Authorization: Bearer :<api_key>` (a project part is ignored).
         */
        post: operations["organizationsIntegrationsConnectionsDelete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/studios/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a tool
         * @description API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "editor" or higher.
         */
        post: operations["studiosCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/studios/{studio_id}/update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace a tool
         * @description API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "editor" or higher.
         */
        post: operations["studiosUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/studios/bulk_update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create or update tools by their ids
         * @description The hosted clients' save (`relevance deploy`, the Python SDK). Each entry names its own `studio_id` (any text); an unknown id creates the tool. With `partial_update` the fields given replace the stored ones, without it the entry replaces the tool. All entries or none.
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "editor" or higher.
         */
        post: operations["studiosBulkUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/studios/{studio_id}/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A tool
         * @description API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "viewer" or higher.
         */
        get: operations["studiosGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/studios/{studio_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A tool (the chain client's form)
         * @description API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "viewer" or higher.
         */
        get: operations["studios"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/studios/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The project's tools
         * @description Filter fields: studio_id, _id, project, title, public, publicly_triggerable, tags.source, version.
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "viewer" or higher.
         */
        get: operations["studiosList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/studios/clone": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Copy a tool
         * @description Within the same project; `region` is accepted and ignored (one deployment serves one region).
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "editor" or higher.
         */
        post: operations["studiosClone"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/studios/bulk_delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete tools
         * @description API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "editor" or higher.
         */
        post: operations["studiosBulkDelete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/studios/{studio_id}/trigger_limited": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run a tool and wait for its result
         * @description A failing step makes `status: "failed"` with an error naming the step and why. Without an Authorization header, only a tool with `publicly_triggerable: true` runs, named with `project` in the body (the chain client's `Client.runChain`); otherwise 401.
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "viewer" or higher.
         *
         *     Also without any Authorization header, as the route description says.
         */
        post: operations["studiosTriggerLimited"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/studios/{studio_id}/trigger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run a tool, or a configuration given with the call
         * @description The chain client's `Chain.run`. `studio_override` (needs role:editor) runs that configuration instead of the stored tool; `return_state` adds each step's output. `version` and `state_override` are accepted and ignored.
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "viewer" or higher.
         */
        post: operations["studiosTrigger"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/studios/{studio_id}/trigger_async": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a tool run
         * @description Poll it with GET /latest/studios/{studio_id}/async_poll/{job_id}.
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "viewer" or higher.
         */
        post: operations["studiosTriggerAsync"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/studios/{studio_id}/async_poll/{job_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A tool run’s progress
         * @description On completion an update of `type: "chain-success"` holds `output.output`.
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "viewer" or higher.
         */
        get: operations["studiosAsyncPoll"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/agents/upsert": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create or update an agent
         * @description API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "editor" or higher.
         */
        post: operations["agentsUpsert"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/agents/{agent_id}/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An agent
         * @description API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "viewer" or higher.
         */
        get: operations["agentsGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/agents/tools/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The tools and sub-agents of the agents' actions
         * @description Each tool once, then each sub-agent once (`type: "agent"`, its agent id as `studio_id` and `agent_id`); named-step actions are not tools and are left out.
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "viewer" or higher.
         */
        post: operations["agentsToolsList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/agents/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The project's agents
         * @description API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "viewer" or higher.
         */
        post: operations["agentsList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/agents/{agent_id}/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete an agent
         * @description Its triggers go too, with their webhooks at the code host.
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "editor" or higher.
         */
        post: operations["agentsDelete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/agents/trigger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a message to an agent
         * @description Starts a task, or continues `conversation_id` (also a finished one); answers at once, the worker runs it. `edit_message_id` re-runs the task from that user message, replacing it and what followed. `agent_override` and `use_streaming` are accepted and ignored; attachments are not available (400).
         *
         *     Deciding an approval (editors and admins): `{agent_id, conversation_id, message: {role: "action-confirm" | "action-reject", action, action_request_id, action_params_override?}}` — the `action_details` of the task's pending tool-run item. Approved, the action runs once with its params merged with the override; rejected, it never runs and the agent is told. The task goes on either way. A request the task is not waiting on is a 404; one already decided (also by a decision racing this one) a 409.
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "viewer" or higher.
         */
        post: operations["agentsTrigger"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/approvals/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The project's pending approvals, oldest first
         * @description Actions tasks stopped before, each waiting for a person to approve or reject it (through /latest/agents/trigger) until `expires_at` (HANGAR_APPROVAL_TIMEOUT_SECONDS), after which it counts as rejected.
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "viewer" or higher.
         */
        post: operations["approvalsList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/agents/conversations/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The project's tasks, filtered, sorted and paged (the hosted clients' list)
         * @description Filter fields: conversation.agent_id, conversation.state, conversation.trigger_id, conversation.created_by_user_id, conversation.is_debug_mode_task, knowledge_set, _id, project. `query` searches the titles. `include_agent_details` and `include_debug_info` are accepted and ignored.
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "viewer" or higher.
         */
        get: operations["agentsConversationsList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/agents/conversations/studios/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A task's tool runs, newest first
         * @description API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "viewer" or higher.
         */
        get: operations["agentsConversationsStudiosList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/agents/{agent_id}/tasks/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An agent's tasks, newest first
         * @description API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "viewer" or higher.
         */
        post: operations["agentsTasksList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/agents/{agent_id}/tasks/{conversation_id}/metadata": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * State and times of a task
         * @description The hosted `metadata` object, with Hangar's own fields beside it. `include_streaming_token` is accepted; no streaming token is given (streaming is not available on this deployment).
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "viewer" or higher.
         */
        get: operations["agentsTasksMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/agents/{agent_id}/tasks/{conversation_id}/view": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Messages and tool runs of a task, newest first
         * @description `cursor`: next_cursor of the previous page (older items), or `{after: ISO}` for the items at or after that time.
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "viewer" or higher.
         */
        post: operations["agentsTasksView"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/agents/{agent_id}/tasks/{conversation_id}/trigger_message": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The message that started a task
         * @description Send its text back to /latest/agents/trigger with `conversation_id` and `edit_message_id: <item_id>` to re-run the task from it.
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "viewer" or higher.
         */
        get: operations["agentsTasksTriggerMessage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/knowledge/sets/{conversation_id}/get_metadata": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A task's metadata by its id alone
         * @description API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "viewer" or higher.
         */
        get: operations["knowledgeSetsGetMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/knowledge/sets/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete tasks by id
         * @description API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "editor" or higher.
         */
        post: operations["knowledgeSetsDelete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/agents/{agent_id}/triggers/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a trigger
         * @description For code-host triggers Hangar registers the webhook at the code host itself. `config`: `{repository: "owner/name"}`, `{organization: "login"}`, or `{}` for codehost.new_gist.
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "editor" or higher.
         */
        post: operations["agentsTriggersCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/agents/{agent_id}/triggers/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An agent's triggers
         * @description With each hook, its events, its health and its delivery counters; never the hook secret. Hangar keeps each webhook healthy itself: a reconciliation pass (at start and every HANGAR_HOOK_RECONCILE_SECONDS) re-creates a deleted hook with a new secret, re-activates a disabled one, patches drifted events or URL and removes stray hooks with Hangar's receiver URL; a recovery job (at start and every HANGAR_HOOK_RECOVERY_SECONDS) asks the code host to redeliver the deliveries Hangar missed within its retention window (HANGAR_HOOK_RECOVERY_WINDOW_HOURS), each at most once.
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "viewer" or higher.
         */
        post: operations["agentsTriggersList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/agents/{agent_id}/triggers/{trigger_id}/update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pause or resume a trigger
         * @description A paused trigger records deliveries but activates nothing.
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "editor" or higher.
         */
        post: operations["agentsTriggersUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/agents/{agent_id}/triggers/{trigger_id}/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete a trigger
         * @description Removes the webhook at the code host when no other trigger uses it.
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "editor" or higher.
         */
        post: operations["agentsTriggersDelete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/agents/{agent_id}/triggers/{trigger_id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event
         * @description Fires the trigger once with a sample event of its type (named after its repository or organization): a real task on the agent, listed among the trigger's activations, whose first message is the event with `"test": true` and a summary beginning "Test event:". Nothing is asked of the code host and no delivery is stored; a paused trigger fires too. Recorded in the audit trail (`trigger.test`).
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "editor" or higher.
         */
        post: operations["agentsTriggersTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/triggers/types/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The trigger types
         * @description Every type `POST /latest/agents/{agent_id}/triggers/create` accepts, grouped by category, each with when it fires and what it watches.
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "viewer" or higher.
         */
        get: operations["triggersTypesList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/agents/{agent_id}/schedules/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a recurring schedule
         * @description Each occurrence of `cron` (five fields: minute hour day-of-month month day-of-week) in `timezone` (IANA, default UTC; daylight-saving changes followed) starts one new task of the agent whose trigger message is `message` (listed under the agent's tasks with `trigger_id` = the schedule id), once however many Hangar processes run. An occurrence missed while Hangar was down fires once at start if it is less than HANGAR_SCHEDULE_CATCHUP_SECONDS late; missed occurrences never fire as a flood. At most 100 schedules per agent (409 beyond).
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "editor" or higher.
         */
        post: operations["agentsSchedulesCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/agents/{agent_id}/schedules/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An agent's schedules, oldest first
         * @description All of them (an agent has at most 100).
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "viewer" or higher.
         */
        post: operations["agentsSchedulesList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/agents/{agent_id}/schedules/{schedule_id}/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete a schedule
         * @description No occurrence fires after this; tasks it started stay.
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "editor" or higher.
         */
        post: operations["agentsSchedulesDelete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/agents/{agent_id}/scheduled_triggers_item/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Schedule a message into a task
         * @description The hosted Python client's schedule_action_in_task. After `minutes_until_schedule` (0 to 525600, a year; default 0) `message` is added to task `conversation_id` as a user message and the agent runs on it; if the task is then still working (or waiting for an approval), the message waits until it is not. At most 100 waiting per task (409 beyond).
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "viewer" or higher.
         */
        post: operations["agentsScheduledTriggersItemCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/webhooks/codehost/{hook_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Code-host webhook deliveries
         * @description Authenticated by `X-Hub-Signature-256` (HMAC-SHA256 of the raw body with the hook’s own secret). Stored durably before the 2xx; a redelivery (same `X-GitHub-Delivery`) is a no-op.
         *
         *     No authentication.
         */
        post: operations["webhooksCodehost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/events/subscriptions/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Subscribe an address to events
         * @description Events: `task.pending_approval` (data: conversation_id, agent_id, action_request_id, action, params), `task.completed` (data: conversation_id, agent_id, state), `task.failed` (data: conversation_id, agent_id, state (timed-out or unrecoverable)). Each is POSTed to `url` as `{type, timestamp, data}`, signed as the Standard Webhooks specification says (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256>`) with the secret answered here, once. A non-2xx answer, or none within 10 s, is retried on HANGAR_EVENT_RETRY_SECONDS with the same `webhook-id`. Only http and https; private and loopback addresses are refused unless the deployment allows them (HANGAR_ALLOW_PRIVATE_ADDRESSES), here and again at every attempt.
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "admin" or higher.
         */
        post: operations["eventsSubscriptionsCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/events/subscriptions/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The project's event subscriptions (never their secrets)
         * @description Newest first.
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "viewer" or higher.
         */
        post: operations["eventsSubscriptionsList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/events/subscriptions/{subscription_id}/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remove an event subscription
         * @description With its deliveries: nothing more is sent to it.
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "admin" or higher.
         */
        post: operations["eventsSubscriptionsDelete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/events/subscriptions/{subscription_id}/rotate_secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace a subscription's signing secret
         * @description The new secret is answered once and signs every attempt from now on (retries of earlier events included); the old one signs nothing more.
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "admin" or higher.
         */
        post: operations["eventsSubscriptionsRotateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/events/subscriptions/{subscription_id}/deliveries/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A subscription's deliveries and their attempts
         * @description Newest first. `state`: `pending` (not yet answered with a 2xx, attempts left), `delivered`, or `failed` (every attempt of the schedule failed).
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "admin" or higher.
         */
        post: operations["eventsSubscriptionsDeliveriesList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/events/subscriptions/{subscription_id}/deliveries/{delivery_id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a delivery again now
         * @description One attempt now, with the same `webhook-id` and body, signed with the current secret; answers with the delivery after it (within 10 s). A pending delivery that fails goes on with its schedule; a delivered or failed one keeps its state unless this attempt succeeds.
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "admin" or higher.
         */
        post: operations["eventsSubscriptionsDeliveriesRetry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/oauth-protected-resource/latest/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Protected-resource metadata of /latest/mcp (RFC 9728)
         * @description No authentication.
         */
        get: operations["oauthProtectedResourceMcp"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/oauth-protected-resource": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Protected-resource metadata (RFC 9728), at the root form
         * @description No authentication.
         */
        get: operations["oauthProtectedResource"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/oauth-authorization-server": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Authorization-server metadata (RFC 8414)
         * @description No authentication.
         */
        get: operations["oauthAuthorizationServer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/oauth/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register an MCP client (RFC 7591)
         * @description Dynamic client registration. At most 10 redirect URIs of at most 2000 characters: https, http on a loopback address only, or a native app's own scheme. `token_endpoint_auth_method` `none` (public client, PKCE only), `client_secret_post` or `client_secret_basic` (the default; the secret is in this answer only). A registration not used for an approval within a day is deleted. Each address may register `HANGAR_MCP_REGISTRATIONS_PER_ADDRESS` clients an hour (30 by default), and at most `HANGAR_MCP_PENDING_CLIENTS` registrations never approved may exist at once (10,000); past either, 429.
         *
         *     No authentication; a credential sent anyway is ignored. Rate-limited per client address.
         */
        post: operations["oauthRegister"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/oauth/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Authorization request (OAuth 2.1 with PKCE S256)
         * @description Checks the request and sends the browser to the dashboard's consent page (`/mcp/authorize`), where the signed-in user picks a project and approves or denies. Any problem with the request is answered here (400, `error` and `error_description`), never sent to the redirect URI: only the user's decision sends the browser back to the client.
         *
         *     No authentication; a credential sent anyway is ignored. Rate-limited per client address.
         */
        get: operations["oauthAuthorize"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/oauth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Token endpoint: a code or a refresh token for tokens
         * @description Form-encoded (`application/x-www-form-urlencoded`). `authorization_code` with `code`, `redirect_uri` and `code_verifier`; `refresh_token` with `refresh_token`. Both take `resource` (RFC 8707; it must be the one the authorization was granted for) and the client's authentication as it registered. The access token lasts an hour at most; the refresh token is good once.
         *
         *     No authentication; a credential sent anyway is ignored. Rate-limited per client address.
         */
        post: operations["oauthToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/oauth/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke a token (RFC 7009)
         * @description Form-encoded. Revokes the authorization the access or refresh token belongs to, so every token issued under it stops at once. An unknown token answers 200 too, as RFC 7009 says.
         *
         *     No authentication; a credential sent anyway is ignored. Rate-limited per client address.
         */
        post: operations["oauthRevoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/oauth/authorization": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What the consent page shows
         * @description The authorization request as /latest/oauth/authorize forwarded it: the client's name and where the browser will be sent. 400 when the request is not valid (the message says why).
         *
         *     API key, account-level: `Authorization: Bearer :<api_key>` (a project part is ignored).
         */
        get: operations["oauthAuthorization"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/oauth/authorization/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve an MCP client for a project
         * @description The signed-in user approves the request for one of their projects: the client's tokens will act as this user in that project, with the user's role there. Answers where to send the browser.
         *
         *     API key, account-level: `Authorization: Bearer :<api_key>` (a project part is ignored).
         */
        post: operations["oauthAuthorizationApprove"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/oauth/authorization/deny": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deny an MCP client
         * @description Answers where to send the browser: the redirect URI with `error=access_denied`.
         *
         *     API key, account-level: `Authorization: Bearer :<api_key>` (a project part is ignored).
         */
        post: operations["oauthAuthorizationDeny"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/oauth/grants/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your authorized MCP clients
         * @description The clients you approved and have not revoked, newest first (at most 200), with the project each acts in and when it was last used.
         *
         *     API key, account-level: `Authorization: Bearer :<api_key>` (a project part is ignored).
         */
        get: operations["oauthGrantsList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/oauth/grants/{grant_id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an authorized MCP client
         * @description Its access and refresh tokens stop working at once, on every server.
         *
         *     API key, account-level: `Authorization: Bearer :<api_key>` (a project part is ignored).
         */
        post: operations["oauthGrantsRevoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * MCP: open the server-to-client event stream
         * @description Hangar as an MCP server (streamable HTTP; revisions 2025-11-25, 2025-06-18, 2025-03-26). Sessions are kept in PostgreSQL, so any process or server of the region continues them.
         *
         *     Authentication: the project key as on every other route, or an OAuth 2.1 access token (clients that discover it from the 401's `WWW-Authenticate`). A browser page of another origin is refused.
         *
         *     Needs `Accept: text/event-stream` and the session id; carries `notifications/tools/list_changed` whenever the project's tools, agents or connections change (on any server).
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "viewer" or higher.
         */
        get: operations["getMcp"];
        put?: never;
        /**
         * MCP: send a JSON-RPC message
         * @description Hangar as an MCP server (streamable HTTP; revisions 2025-11-25, 2025-06-18, 2025-03-26). Sessions are kept in PostgreSQL, so any process or server of the region continues them.
         *
         *     Authentication: the project key as on every other route, or an OAuth 2.1 access token (clients that discover it from the 401's `WWW-Authenticate`). A browser page of another origin is refused.
         *
         *     The answer is JSON, or an event stream (progress notifications, then the result) when a call sent a progressToken and Accept includes text/event-stream (or when Accept allows only the stream). `initialize` answers the `Mcp-Session-Id` header; notifications and responses answer 202.
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "viewer" or higher.
         */
        post: operations["mcp"];
        /**
         * MCP: end the session
         * @description Hangar as an MCP server (streamable HTTP; revisions 2025-11-25, 2025-06-18, 2025-03-26). Sessions are kept in PostgreSQL, so any process or server of the region continues them.
         *
         *     Authentication: the project key as on every other route, or an OAuth 2.1 access token (clients that discover it from the 401's `WWW-Authenticate`). A browser page of another origin is refused.
         *
         *     Ends the session named by Mcp-Session-Id on every server; its open streams close.
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "viewer" or higher.
         */
        delete: operations["deleteMcp"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/mcp/tools/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What tools/list offers MCP clients of this project
         * @description The project's MCP tools as a session with the same `toolsets` sees them (from the same catalogue, in the same order), without their schemas: for people, e.g. the dashboard's MCP page. A saved tool or an agent is offered as soon as it exists; steps only with `toolsets=steps` or `all`.
         *
         *     API key scoped to a project: `Authorization: Bearer <project_id>:<api_key>` ("Bearer" optional; the chain client's `<project_id>:<api_key>:<region>` too, region `us`/`eu`/`au` or its hosted code). Needs the project role "viewer" or higher.
         */
        get: operations["mcpToolsList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description Every error has this body and an x-request-id header. */
        Error: {
            message: string;
            error_type: string;
            error_audience: "user" | "third_party" | "platform";
        };
        /** @description The OAuth RFCs' error body, with the contract's fields beside it. */
        OAuthError: {
            /** @description The RFC 6749 / 7591 / 7009 error code. */
            error?: string;
            error_description?: string;
            message: string;
            error_type: string;
            error_audience: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    healthz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    readyz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not ready: the database is unreachable, restarting, or not migrated yet */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    projectsCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    description?: string;
                    organization_id: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        project_id: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    projectsList: {
        parameters: {
            query?: {
                page_size?: number;
                cursor?: string;
                /** @description 1-based page number (the hosted clients' form); a cursor wins over it. */
                page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        projects: {
                            project_id: string;
                            name: string;
                            description: string;
                            organization_id: string;
                            role: "admin" | "editor" | "viewer";
                            /**
                             * @description Role granted: `{"items": {"platformDefault": {"actions": {"role:editor": true}}}}`. Actions: admin, role:editor, role:viewer.
                             * @example {
                             *       "items": {
                             *         "platformDefault": {
                             *           "actions": {
                             *             "role:editor": true
                             *           }
                             *         }
                             *       }
                             *     }
                             */
                            permissions: {
                                items: {
                                    platformDefault: {
                                        actions: {
                                            /** @enum {boolean} */
                                            admin?: true;
                                            /** @enum {boolean} */
                                            "role:editor"?: true;
                                            /** @enum {boolean} */
                                            "role:viewer"?: true;
                                        };
                                    };
                                };
                            };
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        }[];
                        count: number;
                        results: {
                            project_id: string;
                            name: string;
                            description: string;
                            organization_id: string;
                            role: "admin" | "editor" | "viewer";
                            /**
                             * @description Role granted: `{"items": {"platformDefault": {"actions": {"role:editor": true}}}}`. Actions: admin, role:editor, role:viewer.
                             * @example {
                             *       "items": {
                             *         "platformDefault": {
                             *           "actions": {
                             *             "role:editor": true
                             *           }
                             *         }
                             *       }
                             *     }
                             */
                            permissions: {
                                items: {
                                    platformDefault: {
                                        actions: {
                                            /** @enum {boolean} */
                                            admin?: true;
                                            /** @enum {boolean} */
                                            "role:editor"?: true;
                                            /** @enum {boolean} */
                                            "role:viewer"?: true;
                                        };
                                    };
                                };
                            };
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        }[];
                        next_cursor?: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    authInviteCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The email address; stored trimmed and without a trailing dot of the domain, matched case-insensitively. */
                    email: string;
                    /**
                     * @description Role granted: `{"items": {"platformDefault": {"actions": {"role:editor": true}}}}`. Actions: admin, role:editor, role:viewer.
                     * @example {
                     *       "items": {
                     *         "platformDefault": {
                     *           "actions": {
                     *             "role:editor": true
                     *           }
                     *         }
                     *       }
                     *     }
                     */
                    permissions: {
                        items: {
                            platformDefault: {
                                actions: {
                                    /** @enum {boolean} */
                                    admin?: true;
                                    /** @enum {boolean} */
                                    "role:editor"?: true;
                                    /** @enum {boolean} */
                                    "role:viewer"?: true;
                                };
                            };
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        invite_code: string;
                        state: "pending" | "accepted";
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    authInviteDelete: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    invite_code: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        invite_code: string;
                        /** @enum {boolean} */
                        deleted: true;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    authInviteList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default 50 */
                    page_size?: number;
                    cursor?: string;
                    /** @description 1-based page number (the hosted clients' form); a cursor wins over it. */
                    page?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: {
                            _id: string;
                            invite_code: string;
                            project: string;
                            email: string;
                            /**
                             * @description Role granted: `{"items": {"platformDefault": {"actions": {"role:editor": true}}}}`. Actions: admin, role:editor, role:viewer.
                             * @example {
                             *       "items": {
                             *         "platformDefault": {
                             *           "actions": {
                             *             "role:editor": true
                             *           }
                             *         }
                             *       }
                             *     }
                             */
                            permissions: {
                                items: {
                                    platformDefault: {
                                        actions: {
                                            /** @enum {boolean} */
                                            admin?: true;
                                            /** @enum {boolean} */
                                            "role:editor"?: true;
                                            /** @enum {boolean} */
                                            "role:viewer"?: true;
                                        };
                                    };
                                };
                            };
                            role: "admin" | "editor" | "viewer";
                            /** @enum {string} */
                            state: "pending";
                            /** Format: date-time */
                            created_at: string;
                        }[];
                        next_cursor?: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    authInviteLookup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    invite_code: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        email: string;
                        role: "admin" | "editor" | "viewer";
                        organization_name: string;
                        project_name: string;
                        /** @description The inviter's name, else their email; null once their account is gone. */
                        invited_by: string | null;
                        account_exists: boolean;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    authInviteAccept: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    invite_code: string;
                    password?: string;
                    name?: string;
                    /** @description The address the invitee accepts as; 403 unless it is the invite's own (the account is always made for that one). */
                    email?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        project_id: string;
                        user_id: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    authUsersList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default 50 */
                    page_size?: number;
                    cursor?: string;
                    /** @description 1-based page number (the hosted clients' form); a cursor wins over it. */
                    page?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: {
                            _id: string;
                            user_id: string;
                            /** @enum {string} */
                            type: "user";
                            email: string;
                            name: string | null;
                            role: "admin" | "editor" | "viewer";
                            /** @description The hosted shape: the permissions object per project (here, this project). */
                            permissions: {
                                projects: {
                                    [key: string]: {
                                        items: {
                                            platformDefault: {
                                                actions: {
                                                    /** @enum {boolean} */
                                                    admin?: true;
                                                    /** @enum {boolean} */
                                                    "role:editor"?: true;
                                                    /** @enum {boolean} */
                                                    "role:viewer"?: true;
                                                };
                                            };
                                        };
                                    };
                                };
                            };
                            /**
                             * @description Role granted: `{"items": {"platformDefault": {"actions": {"role:editor": true}}}}`. Actions: admin, role:editor, role:viewer.
                             * @example {
                             *       "items": {
                             *         "platformDefault": {
                             *           "actions": {
                             *             "role:editor": true
                             *           }
                             *         }
                             *       }
                             *     }
                             */
                            project_permissions: {
                                items: {
                                    platformDefault: {
                                        actions: {
                                            /** @enum {boolean} */
                                            admin?: true;
                                            /** @enum {boolean} */
                                            "role:editor"?: true;
                                            /** @enum {boolean} */
                                            "role:viewer"?: true;
                                        };
                                    };
                                };
                            };
                            active: boolean;
                            /** Format: date-time */
                            joined_at: string;
                        }[];
                        next_cursor?: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    authUsers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        user_id: string;
                        /** @enum {string} */
                        type: "user";
                        email: string;
                        name: string | null;
                        role: "admin" | "editor" | "viewer";
                        /** @description The hosted shape: the permissions object per project (here, this project). */
                        permissions: {
                            projects: {
                                [key: string]: {
                                    items: {
                                        platformDefault: {
                                            actions: {
                                                /** @enum {boolean} */
                                                admin?: true;
                                                /** @enum {boolean} */
                                                "role:editor"?: true;
                                                /** @enum {boolean} */
                                                "role:viewer"?: true;
                                            };
                                        };
                                    };
                                };
                            };
                        };
                        /**
                         * @description Role granted: `{"items": {"platformDefault": {"actions": {"role:editor": true}}}}`. Actions: admin, role:editor, role:viewer.
                         * @example {
                         *       "items": {
                         *         "platformDefault": {
                         *           "actions": {
                         *             "role:editor": true
                         *           }
                         *         }
                         *       }
                         *     }
                         */
                        project_permissions: {
                            items: {
                                platformDefault: {
                                    actions: {
                                        /** @enum {boolean} */
                                        admin?: true;
                                        /** @enum {boolean} */
                                        "role:editor"?: true;
                                        /** @enum {boolean} */
                                        "role:viewer"?: true;
                                    };
                                };
                            };
                        };
                        active: boolean;
                        /** Format: date-time */
                        joined_at: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    authUsersUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Role granted: `{"items": {"platformDefault": {"actions": {"role:editor": true}}}}`. Actions: admin, role:editor, role:viewer.
                     * @example {
                     *       "items": {
                     *         "platformDefault": {
                     *           "actions": {
                     *             "role:editor": true
                     *           }
                     *         }
                     *       }
                     *     }
                     */
                    permissions: {
                        items: {
                            platformDefault: {
                                actions: {
                                    /** @enum {boolean} */
                                    admin?: true;
                                    /** @enum {boolean} */
                                    "role:editor"?: true;
                                    /** @enum {boolean} */
                                    "role:viewer"?: true;
                                };
                            };
                        };
                    };
                    overwrite?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user_id: string;
                        project_id: string;
                        /**
                         * @description Role granted: `{"items": {"platformDefault": {"actions": {"role:editor": true}}}}`. Actions: admin, role:editor, role:viewer.
                         * @example {
                         *       "items": {
                         *         "platformDefault": {
                         *           "actions": {
                         *             "role:editor": true
                         *           }
                         *         }
                         *       }
                         *     }
                         */
                        permissions: {
                            items: {
                                platformDefault: {
                                    actions: {
                                        /** @enum {boolean} */
                                        admin?: true;
                                        /** @enum {boolean} */
                                        "role:editor"?: true;
                                        /** @enum {boolean} */
                                        "role:viewer"?: true;
                                    };
                                };
                            };
                        };
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    authUsersDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user_id: string;
                        project_id: string;
                        /** @enum {boolean} */
                        deleted: true;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    authInfo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user_id: string;
                        key_id: string | null;
                        email: string;
                        organization_id: string;
                        /** @description The organization's name, as `hangar bootstrap --org` gave it. */
                        organization_name: string;
                        organization_role: string;
                        region: string;
                        project_id: string | null;
                        permissions: {
                            items: {
                                platformDefault: {
                                    actions: {
                                        /** @enum {boolean} */
                                        admin?: true;
                                        /** @enum {boolean} */
                                        "role:editor"?: true;
                                        /** @enum {boolean} */
                                        "role:viewer"?: true;
                                    };
                                };
                            };
                        } | null;
                        /** @description The deployment's model for agents that name none. An agent runs with a model only when it has both a model and an endpoint (its own or these); otherwise its actions run in order. The model API key is never shown. */
                        default_model: {
                            /** @description HANGAR_MODEL: the model an agent without its own `model` uses; null when unset. */
                            model: string | null;
                            /** @description Whether HANGAR_MODEL_BASE_URL is set (the address itself is not shown). */
                            has_base_url: boolean;
                        };
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    authUsersKeysCreate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    label?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        api_key: string;
                        id: string;
                        key_id: string;
                        label: string | null;
                        /** Format: date-time */
                        created_at: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    authUsersKeysList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default 50 */
                    page_size?: number;
                    cursor?: string;
                    /** @description 1-based page number (the hosted clients' form); a cursor wins over it. */
                    page?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: {
                            _id: string;
                            key_id: string;
                            label: string | null;
                            hint: string;
                            /** Format: date-time */
                            created_at: string;
                        }[];
                        next_cursor?: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    authUsersKeysDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    key_id?: string;
                    id?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        key_id: string;
                        /** @enum {boolean} */
                        deleted: true;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    organizationsUsersDeactivate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                organization_id: string;
                user_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user_id: string;
                        organization_id: string;
                        /** @enum {boolean} */
                        deactivated: true;
                        keys_revoked: number;
                        sessions_ended: number;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    organizationsUsersReactivate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                organization_id: string;
                user_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user_id: string;
                        organization_id: string;
                        /** @enum {boolean} */
                        active: true;
                        keys_restored: number;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    organizationsMembersList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                organization_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default 50 */
                    page_size?: number;
                    cursor?: string;
                    /** @description 1-based page number (the hosted clients' form); a cursor wins over it. */
                    page?: number;
                    org_role?: "admin" | "member";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: {
                            user_id: string;
                            email: string;
                            name: string | null;
                            /** @description The organization role: `admin` manages the organization (its settings, audit trail, users). */
                            org_role: "admin" | "member";
                            /** @description False once deactivated (by an organization admin, or suspended over SCIM). */
                            active: boolean;
                            /** Format: date-time */
                            created_at: string;
                        }[];
                        next_cursor?: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    authLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user_id: string;
                        organization_id: string;
                        /** Format: date-time */
                        expires_at: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    authLogout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        logged_out: true;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    organizationsSsoProvidersCreate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                organization_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Shown on the sign-in page: "Sign in with <name>". */
                    name: string;
                    /** @description The issuer URL, exactly as the provider names itself; Hangar reads `<issuer>/.well-known/openid-configuration`. */
                    issuer: string;
                    client_id: string;
                    /** @description Stored encrypted; never returned. */
                    client_secret: string;
                    /** @description Email domains whose people this provider signs in (and creates accounts for). Within the organization a domain is one provider's; it routes the email-first sign-in only once the organization has verified it (`…/domains/{domain_id}/verify`), and a domain another organization verified is refused (409). */
                    allowed_domains: string[];
                    group_claim?: string | null;
                    /** @description Scopes asked for beyond `openid email profile`, e.g. `groups` for Okta. */
                    scopes?: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        provider_id: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    organizationsSsoProvidersList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                organization_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The redirect URI to register at every provider. */
                        redirect_uri: string;
                        results: {
                            provider_id: string;
                            name: string;
                            issuer: string;
                            client_id: string;
                            allowed_domains: string[];
                            group_claim: string | null;
                            scopes: string[];
                            /** @description A link that starts a sign-in with this provider. */
                            sign_in_url: string;
                            created_by: string;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        }[];
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    organizationsSsoProvidersUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                organization_id: string;
                provider_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Shown on the sign-in page: "Sign in with <name>". */
                    name?: string;
                    /** @description The issuer URL, exactly as the provider names itself; Hangar reads `<issuer>/.well-known/openid-configuration`. */
                    issuer?: string;
                    client_id?: string;
                    /** @description A new secret (rotation); stored encrypted, never returned. */
                    client_secret?: string;
                    /** @description Email domains whose people this provider signs in (and creates accounts for). Within the organization a domain is one provider's; it routes the email-first sign-in only once the organization has verified it (`…/domains/{domain_id}/verify`), and a domain another organization verified is refused (409). */
                    allowed_domains?: string[];
                    group_claim?: string | null;
                    /** @description Scopes asked for beyond `openid email profile`, e.g. `groups` for Okta. */
                    scopes?: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        provider_id: string;
                        /** @enum {boolean} */
                        updated: true;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    organizationsSsoProvidersDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                organization_id: string;
                provider_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        provider_id: string;
                        /** @enum {boolean} */
                        deleted: true;
                        sessions_ended: number;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    organizationsSsoGroupRulesCreate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                organization_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    group: string;
                    project_id: string;
                    role: "role:viewer" | "role:editor" | "admin";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        rule_id: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    organizationsSsoGroupRulesList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                organization_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: {
                            rule_id: string;
                            group: string;
                            project_id: string;
                            role: "role:viewer" | "role:editor" | "admin";
                            created_by: string;
                            /** Format: date-time */
                            created_at: string;
                        }[];
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    organizationsSsoGroupRulesDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                organization_id: string;
                rule_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        rule_id: string;
                        /** @enum {boolean} */
                        deleted: true;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    organizationsSsoSettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                organization_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        organization_id: string;
                        require_sso: boolean;
                        break_glass_user_ids: string[];
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    organizationsSsoSettingsUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                organization_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Refuse password sign-in and password-based invite acceptance to the organization's members. API keys keep working. */
                    require_sso: boolean;
                    /** @description Organization admins who keep their password sign-in while single sign-on is required. */
                    break_glass_user_ids: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        organization_id: string;
                        require_sso: boolean;
                        break_glass_user_ids: string[];
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    authSsoProviders: {
        parameters: {
            query: {
                email: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        providers: {
                            provider_id: string;
                            name: string;
                        }[];
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    authSsoStart: {
        parameters: {
            query?: {
                provider_id?: string;
                /** @description Routes to the provider of the address's domain, and is passed to it as `login_hint`. */
                email?: string;
                /** @description A dashboard path to land on once signed in. */
                next?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the provider's authorization endpoint. */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The identity provider did not answer in time, or answered something that is not OpenID Connect. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No content of its own on success: a valid request is the 303 above. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    authSsoCallback: {
        parameters: {
            query?: {
                state?: string;
                code?: string;
                error?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the dashboard page the sign-in started from, signed in. */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The ID token is valid but names someone this provider may not sign in here (an address whose account it does not sign in, a domain not among its own, a new account at a domain another organization verified, an address it does not say is verified, an account linked to another of its accounts, a deactivated account), or the sign-in was started in another browser. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The identity provider did not answer in time, or answered something that is not OpenID Connect. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No content of its own on success: a completed sign-in is the 303 above. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    organizationsDomainsCreate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                organization_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description An email domain, e.g. `example.com`. */
                    domain: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        domain_id: string;
                        domain: string;
                        /** @description The TXT record to publish in the domain's DNS to prove the organization holds it. */
                        txt_record: {
                            /** @description `_hangar-verification.<domain>` */
                            name: string;
                            value: string;
                        };
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    organizationsDomainsList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                organization_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: {
                            domain_id: string;
                            domain: string;
                            verified: boolean;
                            verified_at: string | null;
                            /** @description The TXT record to publish in the domain's DNS to prove the organization holds it. */
                            txt_record: {
                                /** @description `_hangar-verification.<domain>` */
                                name: string;
                                value: string;
                            };
                        }[];
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    organizationsDomainsVerify: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                organization_id: string;
                domain_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        domain_id: string;
                        domain: string;
                        /** @enum {boolean} */
                        verified: true;
                        /** Format: date-time */
                        verified_at: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    organizationsDomainsDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                organization_id: string;
                domain_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        domain_id: string;
                        /** @enum {boolean} */
                        deleted: true;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    organizationsAuditList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                organization_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description An exact action, such as `member.update`. */
                    action?: string;
                    /** @description The actor's id: a user, an API key, a SCIM token, or `system`. */
                    actor_id?: string;
                    /** @description A person's email, matched case-insensitively: their own changes and those made with their API keys (the email as it was when the change was recorded). */
                    actor_email?: string;
                    /** @description The target's id (a project, user, key, invite code, provider, …). */
                    target_id?: string;
                    /**
                     * Format: date-time
                     * @description RFC 3339, with a zone; inclusive.
                     */
                    from?: string;
                    /**
                     * Format: date-time
                     * @description RFC 3339, with a zone; inclusive.
                     */
                    to?: string;
                    /** @default 50 */
                    page_size?: number;
                    /** @description next_cursor of the previous page. */
                    cursor?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: {
                            audit_id: string;
                            /** Format: date-time */
                            time: string;
                            /** @description Who: a person signed in to the dashboard (`user`), an API key (`key`), a SCIM token, or Hangar itself (`system`). */
                            actor: {
                                type: "user" | "key" | "scim_token" | "system";
                                id: string;
                                /** @description The person's email (a key's owner); none for a SCIM token or the system. */
                                email?: string;
                            };
                            /** @description `<noun>.<verb>`, e.g. `project.create`, `member.update`, `tool.delete`; `audit/actions/list` lists them all. */
                            action: string;
                            target: {
                                type: string;
                                id: string;
                            };
                            project_id?: string;
                            /** @description The x-request-id the server answered the change with. */
                            request_id: string | null;
                            /** @description The client's address (behind a trusted proxy, the one it forwarded). */
                            source_address: string | null;
                            /** @description What changed (a role from/to, a label); never a secret. */
                            details?: unknown;
                        }[];
                        next_cursor?: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    organizationsAuditActionsList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                organization_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: {
                            /** @description `<noun>.<verb>`, e.g. `tool.create`. */
                            action: string;
                        }[];
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    organizationsAuditExport: {
        parameters: {
            query?: {
                /** @description An exact action, such as `member.update`. */
                action?: string;
                /** @description The actor's id: a user, an API key, a SCIM token, or `system`. */
                actor_id?: string;
                /** @description A person's email, matched case-insensitively: their own changes and those made with their API keys (the email as it was when the change was recorded). */
                actor_email?: string;
                /** @description The target's id (a project, user, key, invite code, provider, …). */
                target_id?: string;
                /** @description RFC 3339, with a zone; inclusive. */
                from?: string;
                /** @description RFC 3339, with a zone; inclusive. */
                to?: string;
            };
            header?: never;
            path: {
                organization_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description application/x-ndjson: one audit record (as in audit/list) per line. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string;
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    organizationsScimTokensCreate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                organization_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    label?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        token_id: string;
                        token: string;
                        label: string | null;
                        hint: string;
                        /** Format: date-time */
                        created_at: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    organizationsScimTokensList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                organization_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        scim_base_url: string;
                        results: {
                            token_id: string;
                            label: string | null;
                            /** @description The first and last characters, to tell tokens apart; never the token. */
                            hint: string;
                            created_by: {
                                user_id: string;
                                email: string | null;
                            };
                            /** Format: date-time */
                            created_at: string;
                            /** @description Within a minute. */
                            last_used_at: string | null;
                        }[];
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    organizationsScimTokensDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                organization_id: string;
                token_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        token_id: string;
                        /** @enum {boolean} */
                        deleted: true;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    integrationsProvidersList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: {
                            provider: string;
                            name: string;
                            description: string;
                            kind_words: string[];
                            beta: boolean;
                            /** @description The provider's mark, drawn as letters on a colour (no image to load). */
                            mark: {
                                letters: string;
                                /** @description A CSS colour (#rrggbb) under white letters. */
                                colour: string;
                            };
                            auth_types: string[];
                            api_call: {
                                methods: string[];
                                required_headers: {
                                    name: string;
                                    value: string;
                                }[];
                            };
                            steps: {
                                step: string;
                                name: string;
                                description: string;
                                provider: string;
                                provider_name: string;
                                beta: boolean;
                                input_schema: {
                                    [key: string]: unknown;
                                };
                            }[];
                        }[];
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    integrationsStepsList: {
        parameters: {
            query?: {
                query?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: {
                            step: string;
                            name: string;
                            description: string;
                            provider: string;
                            provider_name: string;
                            beta: boolean;
                            input_schema: {
                                [key: string]: unknown;
                            };
                        }[];
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    integrationsConnectionsCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description One of: anz_enrichment, enrichment, codehost, analytics, mcp. */
                    provider: string;
                    /** @description visible ASCII characters only */
                    api_key?: string;
                    /** @description provider mcp: the server's streamable HTTP address */
                    url?: string;
                    /** @description provider mcp: headers sent with every request to the server */
                    headers?: {
                        [key: string]: string;
                    };
                    label?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        connection_id: string;
                        account: string | null;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    integrationsOauthGetUrl: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description One of: anz_enrichment, enrichment, codehost, analytics, mcp. */
                    provider: string;
                    redirect_url?: string;
                    /** @description provider mcp: the server's streamable HTTP address */
                    url?: string;
                    label?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        auth_url: string;
                        /** Format: date-time */
                        expires_at: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    integrationsOauthCallback: {
        parameters: {
            query?: {
                state?: string;
                code?: string;
                error?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        connection_id: string;
                        provider: string;
                        account: string | null;
                        project_id: string;
                    };
                };
            };
            /** @description To the redirect_url of the flow, with connection_id and provider added to its query. */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    integrationsConnectionsList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description One of: anz_enrichment, enrichment, codehost, analytics, mcp. */
                    provider?: string;
                    page_size?: number;
                    cursor?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: {
                            connection_id: string;
                            provider: string;
                            /** @description The provider's name as people read it, e.g. "Code Host": with `account`, what names a connection that has no label. */
                            provider_name: string;
                            label: string | null;
                            account: string | null;
                            auth_type: string;
                            status: string;
                            /** @description A remote MCP server's address (provider mcp); null for the other providers. */
                            url: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** @description `project`: the project's own. `organization`: a key its organization's admins set, which steps, agents and triggers of the project may name; it runs with the project's own connection of the provider while the project has one (`overridden_by`). */
                            scope: "project" | "organization";
                            /** @description Who connected it (for an organization key: who set it). */
                            created_by: {
                                user_id: string;
                                email: string | null;
                            };
                            /** @description Organization keys: the project's own connection of the provider used instead, or null when the key is used. */
                            overridden_by?: string | null;
                            /** @description Organization keys: when the key was last rotated. */
                            rotated_at?: string | null;
                        }[];
                        next_cursor?: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    integrationsConnectionsDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                connection_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        connection_id: string;
                        /** @enum {boolean} */
                        deleted: true;
                        revoked_at_provider: boolean;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    integrationsConnectionsUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                connection_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    label?: string | null;
                    /** @description visible ASCII characters only */
                    api_key?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        connection_id: string;
                        label: string | null;
                        account: string | null;
                        key_replaced: boolean;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    integrationsConnectionsTest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                connection_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        connection_id: string;
                        ok: boolean | null;
                        message: string;
                        /** Format: date-time */
                        checked_at: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    integrationsConnectionsUsage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                connection_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        connection_id: string;
                        tools: {
                            studio_id: string;
                            title: string;
                        }[];
                        agents: {
                            agent_id: string;
                            name: string;
                        }[];
                        triggers: {
                            trigger_id: string;
                            type: string;
                            agent_id: string;
                            agent_name: string;
                            config: {
                                [key: string]: string;
                            };
                        }[];
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    integrationsConnectionsRepositoriesList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                connection_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: {
                            /** @description owner/name */
                            full_name: string;
                            private: boolean;
                            admin: boolean;
                        }[];
                        truncated: boolean;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    integrationsConnectionsMcpTools: {
        parameters: {
            query?: {
                refresh?: boolean;
            };
            header?: never;
            path: {
                connection_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        connection_id: string;
                        tools: {
                            name: string;
                            title?: string;
                            description?: string;
                            input_schema: {
                                [key: string]: unknown;
                            };
                            output_schema?: {
                                [key: string]: unknown;
                            };
                            annotations?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** Format: date-time */
                        listed_at: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    integrationsStepsRun: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    step: string;
                    connection_id: string;
                    inputs: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "complete";
                        output: {
                            [key: string]: unknown;
                        };
                        errors: unknown[];
                        credits_used: number;
                        run_id: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    integrationsApiCall: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    connection_id: string;
                    method: string;
                    endpoint: string;
                    body?: unknown;
                    headers?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: number;
                        headers: {
                            [key: string]: string;
                        };
                        response_body: unknown;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    organizationsIntegrationsConnectionsCreate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                organization_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description One that connects with a key: anz_enrichment, enrichment, or codehost (a fine-grained access token). All providers: anz_enrichment, enrichment, codehost, analytics, mcp. */
                    provider: string;
                    /** @description visible ASCII characters only; stored encrypted, never returned */
                    api_key: string;
                    label?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        connection_id: string;
                        account: string | null;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The provider could not be reached, or answered in error, while the key was checked; nothing changed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    organizationsIntegrationsConnectionsList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                organization_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description One that connects with a key: anz_enrichment, enrichment, or codehost (a fine-grained access token). All providers: anz_enrichment, enrichment, codehost, analytics, mcp. */
                    provider?: string;
                    page_size?: number;
                    cursor?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: {
                            connection_id: string;
                            provider: string;
                            label: string | null;
                            account: string | null;
                            auth_type: string;
                            status: string;
                            /** @enum {string} */
                            scope: "organization";
                            created_by: {
                                user_id: string;
                                email: string | null;
                            };
                            /** Format: date-time */
                            created_at: string;
                            rotated_at: string | null;
                            removed_at: string | null;
                            /** @description Projects of the organization with no connection of their own of the provider, which use this key (0 once removed). */
                            projects_using: number;
                        }[];
                        next_cursor?: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    organizationsIntegrationsConnectionsUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                organization_id: string;
                connection_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description visible ASCII characters only; stored encrypted, never returned */
                    api_key?: string;
                    label?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        connection_id: string;
                        provider: string;
                        label: string | null;
                        account: string | null;
                        rotated: boolean;
                        rotated_at: string | null;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The provider could not be reached, or answered in error, while the key was checked; nothing changed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    organizationsIntegrationsConnectionsDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                organization_id: string;
                connection_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        connection_id: string;
                        /** @enum {boolean} */
                        deleted: true;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    studiosCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title: string;
                    description?: string;
                    /** @description JSON schema of the tool's params. */
                    params_schema?: {
                        [key: string]: unknown;
                    };
                    transformations: {
                        steps: {
                            /** @description Unique within the tool; later steps read its output as {{steps.<name>.output…}}. */
                            name: string;
                            /** @description A named tool step (e.g. codehost.create_issue), `<provider>_api_call`, or `api_call`. */
                            transformation: string;
                            /** @description Inputs of the step; strings may hold {{params.x}} and {{steps.<name>.output.y}}. */
                            params: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @description The tool's output, templated like step params; the last step's output when omitted. */
                        output?: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        studio_id: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    studiosUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                studio_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title: string;
                    description?: string;
                    /** @description JSON schema of the tool's params. */
                    params_schema?: {
                        [key: string]: unknown;
                    };
                    transformations: {
                        steps: {
                            /** @description Unique within the tool; later steps read its output as {{steps.<name>.output…}}. */
                            name: string;
                            /** @description A named tool step (e.g. codehost.create_issue), `<provider>_api_call`, or `api_call`. */
                            transformation: string;
                            /** @description Inputs of the step; strings may hold {{params.x}} and {{steps.<name>.output.y}}. */
                            params: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @description The tool's output, templated like step params; the last step's output when omitted. */
                        output?: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        studio_id: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    studiosBulkUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    updates: ({
                        studio_id?: string;
                        title?: string;
                        description?: string;
                        public?: boolean;
                        publicly_triggerable?: boolean;
                        project?: string;
                        params_schema?: {
                            [key: string]: unknown;
                        } | null;
                        transformations?: {
                            steps: {
                                [key: string]: unknown;
                            }[];
                            output?: unknown;
                        };
                    } & {
                        [key: string]: unknown;
                    })[];
                    partial_update?: boolean;
                    version?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        studio_ids: string[];
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    studiosGet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                studio_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Also the fields the clients stored and read back: tags, state_mapping, output_schema, version, params, emoji, metrics. */
                        studio: {
                            studio_id: string;
                            _id: string;
                            project: string;
                            title: string;
                            description: string;
                            params_schema?: {
                                [key: string]: unknown;
                            };
                            transformations: {
                                steps: {
                                    [key: string]: unknown;
                                }[];
                                output?: unknown;
                            };
                            /** @description Anyone may view the tool; it never lets anyone run it. */
                            public: boolean;
                            /** @description Anyone with its id may run it through trigger_limited without a key (`project` in the body). */
                            publicly_triggerable: boolean;
                            insert_date_: string;
                            update_date_: string;
                            created_at: string;
                            updated_at: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    studios: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                studio_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Also the fields the clients stored and read back: tags, state_mapping, output_schema, version, params, emoji, metrics. */
                        studio: {
                            studio_id: string;
                            _id: string;
                            project: string;
                            title: string;
                            description: string;
                            params_schema?: {
                                [key: string]: unknown;
                            };
                            transformations: {
                                steps: {
                                    [key: string]: unknown;
                                }[];
                                output?: unknown;
                            };
                            /** @description Anyone may view the tool; it never lets anyone run it. */
                            public: boolean;
                            /** @description Anyone with its id may run it through trigger_limited without a key (`project` in the body). */
                            publicly_triggerable: boolean;
                            insert_date_: string;
                            update_date_: string;
                            created_at: string;
                            updated_at: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    studiosList: {
        parameters: {
            query?: {
                page_size?: number;
                /** @description next_cursor of the previous page. */
                cursor?: string;
                /** @description 1-based page number (the hosted clients' form); a cursor wins over it. */
                page?: number;
                /** @description JSON array of `{filter_type: "exact_match", field, condition_value, condition: "==" | "!="}`, AND-ed. */
                filters?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: ({
                            studio_id: string;
                            _id: string;
                            project: string;
                            title: string;
                            description: string;
                            params_schema?: {
                                [key: string]: unknown;
                            };
                            transformations: {
                                steps: {
                                    [key: string]: unknown;
                                }[];
                                output?: unknown;
                            };
                            /** @description Anyone may view the tool; it never lets anyone run it. */
                            public: boolean;
                            /** @description Anyone with its id may run it through trigger_limited without a key (`project` in the body). */
                            publicly_triggerable: boolean;
                            insert_date_: string;
                            update_date_: string;
                            created_at: string;
                            updated_at: string;
                        } & {
                            [key: string]: unknown;
                        })[];
                        next_cursor?: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    studiosClone: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    studio_id: string;
                    project?: string;
                    region?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        studio_id: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    studiosBulkDelete: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ids: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deleted: string[];
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    studiosTriggerLimited: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                studio_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    params?: {
                        [key: string]: unknown;
                    };
                    project?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The tool output; `{}` when the run failed. */
                        output: unknown;
                        status: "complete" | "failed";
                        errors: ({
                            /** @description What went wrong, for people. */
                            body: string;
                            raw: string;
                            step_name: string;
                            stepName: string;
                            step: string;
                            transformation: string;
                            message: string;
                            error_type: string;
                        } & {
                            [key: string]: unknown;
                        })[];
                        /** @description Each `{{…}}` reference that resolved to nothing (missing, null or empty text) in a step that still ran, or in the output. A reference that resolves to nothing in a required input of a step fails that step instead. */
                        warnings: {
                            /** @description The step whose input read the reference, or `output` for the tool's output template. */
                            step: string;
                            /** @description The step input holding the reference. */
                            input?: string;
                            /** @description The reference as written between the braces, e.g. `steps.find.output.name`. */
                            reference: string;
                            message: string;
                        }[];
                        executionTime: number;
                        /** @description One entry per step run: its credits. */
                        credits_used: {
                            credits: number;
                            name: string;
                            num_units: number;
                            multiplier: number;
                            tool_name: string;
                        }[];
                        /** @description Credits of the whole run. */
                        cost: number;
                        /** @description With return_state. */
                        state?: {
                            params: {
                                [key: string]: unknown;
                            };
                            steps: {
                                [key: string]: {
                                    output: unknown;
                                    executionTime: number;
                                };
                            };
                        };
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    studiosTrigger: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                studio_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    studio_id?: string;
                    params?: {
                        [key: string]: unknown;
                    };
                    return_state?: boolean;
                    studio_override?: {
                        [key: string]: unknown;
                    };
                    version?: string;
                    state_override?: unknown;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The tool output; `{}` when the run failed. */
                        output: unknown;
                        status: "complete" | "failed";
                        errors: ({
                            /** @description What went wrong, for people. */
                            body: string;
                            raw: string;
                            step_name: string;
                            stepName: string;
                            step: string;
                            transformation: string;
                            message: string;
                            error_type: string;
                        } & {
                            [key: string]: unknown;
                        })[];
                        /** @description Each `{{…}}` reference that resolved to nothing (missing, null or empty text) in a step that still ran, or in the output. A reference that resolves to nothing in a required input of a step fails that step instead. */
                        warnings: {
                            /** @description The step whose input read the reference, or `output` for the tool's output template. */
                            step: string;
                            /** @description The step input holding the reference. */
                            input?: string;
                            /** @description The reference as written between the braces, e.g. `steps.find.output.name`. */
                            reference: string;
                            message: string;
                        }[];
                        executionTime: number;
                        /** @description One entry per step run: its credits. */
                        credits_used: {
                            credits: number;
                            name: string;
                            num_units: number;
                            multiplier: number;
                            tool_name: string;
                        }[];
                        /** @description Credits of the whole run. */
                        cost: number;
                        /** @description With return_state. */
                        state?: {
                            params: {
                                [key: string]: unknown;
                            };
                            steps: {
                                [key: string]: {
                                    output: unknown;
                                    executionTime: number;
                                };
                            };
                        };
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    studiosTriggerAsync: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                studio_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    params?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        job_id: string;
                        studio_id: string;
                        project: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    studiosAsyncPoll: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                studio_id: string;
                job_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: "inprogress" | "complete" | "failed";
                        updates: {
                            type: string;
                            output: unknown;
                        }[];
                        last_message_id: string | null;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agentsUpsert: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Given: update that agent (only the fields given change); omitted: create one. */
                    agent_id?: string;
                    /** @description Required to create an agent. */
                    name?: string;
                    system_prompt?: string;
                    /** @description Model name at the chat-completions endpoint (HANGAR_MODEL when omitted or null). */
                    model?: string | null;
                    /** @description OpenAI-compatible endpoint for this agent (HANGAR_MODEL_BASE_URL when omitted or null). */
                    model_base_url?: string | null;
                    /** @description Key for model_base_url; stored encrypted, never returned. */
                    model_api_key?: string;
                    /** @description Tools (`{studio_id, params?}` or the hosted `{chain_id, …}`; answered with both ids), named steps (`{step, connection_id, inputs?}`), a remote MCP server's tools (`{mcp: {connection_id, tools: ["name", …] | "*"}}`, offered to the model as functions), or another agent of the project as a sub-agent (`{agent_id, title?, default_values?}`; a cycle of sub-agents is a 400 naming it); `params`/`inputs` may use {{params.message}}. Every action also takes `action_behaviour` (`never-ask`, the default, `always-ask` or `agent-decide`), `agent_decide_prompt` and `conditional_approval_rules: {max_auto_approvals?, max_approvals_asked?}`, stored and read back as sent. */
                    actions?: (({
                        studio_id: string;
                        params?: {
                            [key: string]: unknown;
                        };
                        /** @description `never-ask` (the default), `always-ask` or `agent-decide`. */
                        action_behaviour?: string;
                        /** @description With `agent-decide`: what the model weighs when it decides whether to ask. */
                        agent_decide_prompt?: string;
                        conditional_approval_rules?: {
                            /** @description In one task, the first N calls of the action run without asking. */
                            max_auto_approvals?: number | null;
                            /** @description In one task, after N asks further calls are refused without running. */
                            max_approvals_asked?: number | null;
                        } & {
                            [key: string]: unknown;
                        };
                    } & {
                        [key: string]: unknown;
                    }) | ({
                        chain_id: string;
                        params?: {
                            [key: string]: unknown;
                        };
                        /** @description `never-ask` (the default), `always-ask` or `agent-decide`. */
                        action_behaviour?: string;
                        /** @description With `agent-decide`: what the model weighs when it decides whether to ask. */
                        agent_decide_prompt?: string;
                        conditional_approval_rules?: {
                            /** @description In one task, the first N calls of the action run without asking. */
                            max_auto_approvals?: number | null;
                            /** @description In one task, after N asks further calls are refused without running. */
                            max_approvals_asked?: number | null;
                        } & {
                            [key: string]: unknown;
                        };
                    } & {
                        [key: string]: unknown;
                    }) | {
                        step: string;
                        connection_id: string;
                        inputs?: {
                            [key: string]: unknown;
                        };
                        /** @description `never-ask` (the default), `always-ask` or `agent-decide`. */
                        action_behaviour?: string;
                        /** @description With `agent-decide`: what the model weighs when it decides whether to ask. */
                        agent_decide_prompt?: string;
                        conditional_approval_rules?: {
                            /** @description In one task, the first N calls of the action run without asking. */
                            max_auto_approvals?: number | null;
                            /** @description In one task, after N asks further calls are refused without running. */
                            max_approvals_asked?: number | null;
                        } & {
                            [key: string]: unknown;
                        };
                    } | {
                        mcp: {
                            connection_id: string;
                            /** @description Names of the tools to offer, or "*" for every tool the server lists. */
                            tools: string[] | "*";
                        };
                        /** @description `never-ask` (the default), `always-ask` or `agent-decide`. */
                        action_behaviour?: string;
                        /** @description With `agent-decide`: what the model weighs when it decides whether to ask. */
                        agent_decide_prompt?: string;
                        conditional_approval_rules?: {
                            /** @description In one task, the first N calls of the action run without asking. */
                            max_auto_approvals?: number | null;
                            /** @description In one task, after N asks further calls are refused without running. */
                            max_approvals_asked?: number | null;
                        } & {
                            [key: string]: unknown;
                        };
                    } | ({
                        agent_id: string;
                        title?: string;
                        /** @description Params merged under what the agent sends; `message` is the sub-agent's message. */
                        default_values?: {
                            [key: string]: unknown;
                        };
                        /** @description `never-ask` (the default), `always-ask` or `agent-decide`. */
                        action_behaviour?: string;
                        /** @description With `agent-decide`: what the model weighs when it decides whether to ask. */
                        agent_decide_prompt?: string;
                        conditional_approval_rules?: {
                            /** @description In one task, the first N calls of the action run without asking. */
                            max_auto_approvals?: number | null;
                            /** @description In one task, after N asks further calls are refused without running. */
                            max_approvals_asked?: number | null;
                        } & {
                            [key: string]: unknown;
                        };
                    } & {
                        [key: string]: unknown;
                    }))[];
                    /** @description Accepted for the hosted clients; an update changes only the fields given either way. */
                    partial_update?: boolean;
                    description?: string;
                    emoji?: string;
                    public?: boolean;
                    temperature?: number;
                    autonomy_limit?: number;
                    tags?: {
                        [key: string]: unknown;
                    };
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        agent_id: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agentsGet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Also description, emoji, temperature, autonomy_limit and tags when they were set. */
                        agent: {
                            agent_id: string;
                            _id: string;
                            project: string;
                            name: string;
                            system_prompt: string;
                            model: string | null;
                            model_base_url: string | null;
                            has_model_api_key: boolean;
                            /** @description Tool actions carry both `studio_id` and `chain_id`. */
                            actions: {
                                [key: string]: unknown;
                            }[];
                            public: boolean;
                            insert_date_: string;
                            update_date_: string;
                            created_at: string;
                            updated_at: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agentsToolsList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    agent_ids: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: ({
                            studio_id: string;
                            _id: string;
                            project: string;
                            title: string;
                            description: string;
                            params_schema?: {
                                [key: string]: unknown;
                            };
                            transformations: {
                                steps: {
                                    [key: string]: unknown;
                                }[];
                                output?: unknown;
                            };
                            /** @description Anyone may view the tool; it never lets anyone run it. */
                            public: boolean;
                            /** @description Anyone with its id may run it through trigger_limited without a key (`project` in the body). */
                            publicly_triggerable: boolean;
                            insert_date_: string;
                            update_date_: string;
                            created_at: string;
                            updated_at: string;
                        } & {
                            [key: string]: unknown;
                        })[];
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agentsList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    page_size?: number;
                    /** @description next_cursor of the previous page. */
                    cursor?: string;
                    /** @description 1-based page number (the hosted clients' form); a cursor wins over it. */
                    page?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: ({
                            agent_id: string;
                            _id: string;
                            project: string;
                            name: string;
                            system_prompt: string;
                            model: string | null;
                            model_base_url: string | null;
                            has_model_api_key: boolean;
                            /** @description Tool actions carry both `studio_id` and `chain_id`. */
                            actions: {
                                [key: string]: unknown;
                            }[];
                            public: boolean;
                            insert_date_: string;
                            update_date_: string;
                            created_at: string;
                            updated_at: string;
                        } & {
                            [key: string]: unknown;
                        })[];
                        next_cursor?: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agentsDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        agent_id: string;
                        /** @enum {boolean} */
                        deleted: true;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agentsTrigger: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    agent_id: string;
                    message: {
                        /** @description `user`, or `action-confirm` / `action-reject` to decide an approval. */
                        role: string;
                        /** @description Required with role `user`. */
                        content?: string;
                        attachments?: unknown[];
                        action?: string;
                        action_request_id?: string;
                        action_params_override?: {
                            [key: string]: unknown;
                        } | null;
                    } & {
                        [key: string]: unknown;
                    };
                    conversation_id?: string;
                    edit_message_id?: string;
                    agent_override?: unknown;
                    use_streaming?: boolean;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        job_info: {
                            job_id: string;
                            studio_id: string;
                        };
                        conversation_id: string;
                        agent_id: string;
                        /** @description Task states of the hosted vocabulary: idle, starting-up, waiting-for-capacity, running, pending-approval, escalated, paused, completed, cancelled, timed-out, unrecoverable, errored-pending-approval. */
                        state: "idle" | "starting-up" | "waiting-for-capacity" | "running" | "pending-approval" | "escalated" | "paused" | "completed" | "cancelled" | "timed-out" | "unrecoverable" | "errored-pending-approval";
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    approvalsList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    page_size?: number;
                    /** @description next_cursor of the previous page. */
                    cursor?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: {
                            conversation_id: string;
                            agent_id: string;
                            agent_name: string;
                            action_request_id: string;
                            action: string;
                            tool_title: string;
                            params: {
                                [key: string]: unknown;
                            };
                            requested_at: string;
                            expires_at: string;
                        }[];
                        next_cursor?: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agentsConversationsList: {
        parameters: {
            query?: {
                /** @description JSON array of `{filter_type: "exact_match", field, condition_value, condition: "==" | "!="}`, AND-ed. */
                filters?: string;
                /** @description JSON array with one `{<insert_date | update_date | insert_datetime | update_datetime>: "asc" | "desc"}`; newest first by default. */
                sort?: string;
                page_size?: number;
                page?: number;
                query?: string;
                include_agent_details?: boolean;
                include_debug_info?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: {
                            knowledge_set: string;
                            /** @description A task as the hosted clients read it. */
                            metadata: {
                                _id: string;
                                project: string;
                                /** @description The conversation id. */
                                knowledge_set: string;
                                insert_date: string;
                                update_date: string;
                                insert_datetime: string;
                                update_datetime: string;
                                conversation: {
                                    agent_id: string;
                                    /** @description Task states of the hosted vocabulary: idle, starting-up, waiting-for-capacity, running, pending-approval, escalated, paused, completed, cancelled, timed-out, unrecoverable, errored-pending-approval. */
                                    state: "idle" | "starting-up" | "waiting-for-capacity" | "running" | "pending-approval" | "escalated" | "paused" | "completed" | "cancelled" | "timed-out" | "unrecoverable" | "errored-pending-approval";
                                    /** @description The first message, shortened. */
                                    title: string;
                                    created_by_user_id: string;
                                    is_debug_mode_task: boolean;
                                    has_errored: boolean;
                                } & {
                                    [key: string]: unknown;
                                };
                            };
                        }[];
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agentsConversationsStudiosList: {
        parameters: {
            query: {
                conversation_id: string;
                agent_id?: string;
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: {
                            studio_id: string;
                            status: string;
                            output_preview: unknown;
                            errors: unknown[];
                            credits_used: unknown[];
                            input_params: unknown;
                            insert_date_: string;
                        }[];
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agentsTasksList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    page_size?: number;
                    /** @description next_cursor of the previous page. */
                    cursor?: string;
                    /** @description 1-based page number (the hosted clients' form); a cursor wins over it. */
                    page?: number;
                    trigger_id?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: {
                            conversation_id: string;
                            /** @description Task states of the hosted vocabulary: idle, starting-up, waiting-for-capacity, running, pending-approval, escalated, paused, completed, cancelled, timed-out, unrecoverable, errored-pending-approval. */
                            state: "idle" | "starting-up" | "waiting-for-capacity" | "running" | "pending-approval" | "escalated" | "paused" | "completed" | "cancelled" | "timed-out" | "unrecoverable" | "errored-pending-approval";
                            trigger_id?: string;
                            trigger_type?: string;
                            /** @description What the task is about: the first line of its first message (a trigger's: the event's summary), at most 200 characters; empty before the first message is stored. */
                            title: string;
                            created_at: string;
                            started_at: string | null;
                            finished_at: string | null;
                        }[];
                        next_cursor?: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agentsTasksMetadata: {
        parameters: {
            query?: {
                include_streaming_token?: boolean;
            };
            header?: never;
            path: {
                agent_id: string;
                conversation_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description A task as the hosted clients read it. */
                        metadata: {
                            _id: string;
                            project: string;
                            /** @description The conversation id. */
                            knowledge_set: string;
                            insert_date: string;
                            update_date: string;
                            insert_datetime: string;
                            update_datetime: string;
                            conversation: {
                                agent_id: string;
                                /** @description Task states of the hosted vocabulary: idle, starting-up, waiting-for-capacity, running, pending-approval, escalated, paused, completed, cancelled, timed-out, unrecoverable, errored-pending-approval. */
                                state: "idle" | "starting-up" | "waiting-for-capacity" | "running" | "pending-approval" | "escalated" | "paused" | "completed" | "cancelled" | "timed-out" | "unrecoverable" | "errored-pending-approval";
                                /** @description The first message, shortened. */
                                title: string;
                                created_by_user_id: string;
                                is_debug_mode_task: boolean;
                                has_errored: boolean;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                        conversation_id: string;
                        agent_id: string;
                        /** @description Task states of the hosted vocabulary: idle, starting-up, waiting-for-capacity, running, pending-approval, escalated, paused, completed, cancelled, timed-out, unrecoverable, errored-pending-approval. */
                        state: "idle" | "starting-up" | "waiting-for-capacity" | "running" | "pending-approval" | "escalated" | "paused" | "completed" | "cancelled" | "timed-out" | "unrecoverable" | "errored-pending-approval";
                        trigger_id: string | null;
                        trigger_type: string | null;
                        error: string | null;
                        created_at: string;
                        updated_at: string;
                        started_at: string | null;
                        finished_at: string | null;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agentsTasksView: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agent_id: string;
                conversation_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    page_size?: number;
                    cursor?: string | {
                        after?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: {
                            item_id: string;
                            insert_date_: string;
                            is_expanded_by_default: boolean;
                            is_in_hidden_group: boolean;
                            content: {
                                /** @enum {string} */
                                type: "user-message";
                                text: string;
                                original_message_ids: {
                                    user: string;
                                };
                                is_trigger_message: boolean;
                                user_id: string;
                            } | {
                                /** @enum {string} */
                                type: "agent-message";
                                text: string;
                                original_message_ids: {
                                    agent: string;
                                };
                                generating: boolean;
                            } | {
                                /** @enum {string} */
                                type: "tool-run";
                                /** @description `pending`: waits for approval; `running`: approved and running, or a sub-agent's task runs; `cancelled`: rejected, expired or refused, never run. */
                                tool_run_state: "pending" | "running" | "finished" | "error" | "cancelled";
                                tool_config: {
                                    /** @description `agent`: a sub-agent; `id` is its agent id. */
                                    type: "tool" | "agent";
                                    id: string;
                                    title: string;
                                    description: string;
                                    version: string;
                                    params_schema: {
                                        [key: string]: unknown;
                                    };
                                    project: string;
                                    emoji: null;
                                };
                                action_details: {
                                    action: string;
                                    action_request_id: string;
                                };
                                /** @description True while the action waits for a person: approve or reject it through /latest/agents/trigger with role action-confirm or action-reject. */
                                requires_confirmation: boolean;
                                /** @description Who let it run (`agent`: the agent decided, or max_auto_approvals) or refused it. */
                                confirmation?: {
                                    confirmed: boolean;
                                    by: "user" | "agent";
                                };
                                params: {
                                    /** @enum {boolean} */
                                    valid: true;
                                    json: {
                                        [key: string]: unknown;
                                    };
                                    resolved: {
                                        [key: string]: unknown;
                                    };
                                    /** @description The action_params_override of the approval. */
                                    overrides?: {
                                        [key: string]: unknown;
                                    };
                                };
                                original_message_ids: {
                                    "action-request": string;
                                };
                                errors: {
                                    body: string;
                                    step_name?: string;
                                }[];
                                output: {
                                    [key: string]: unknown;
                                };
                                /** @enum {string} */
                                output_source: "tool-run";
                            } | {
                                /** @enum {string} */
                                type: "agent-error";
                                errors: {
                                    body: string;
                                    step_name?: string;
                                }[];
                                original_message_ids: {
                                    "agent-error": string;
                                };
                            };
                        }[];
                        next_cursor?: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agentsTasksTriggerMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agent_id: string;
                conversation_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        trigger_message: {
                            item_id: string;
                            insert_date_: string;
                            is_expanded_by_default: boolean;
                            is_in_hidden_group: boolean;
                            content: {
                                /** @enum {string} */
                                type: "user-message";
                                text: string;
                                original_message_ids: {
                                    user: string;
                                };
                                is_trigger_message: boolean;
                                user_id: string;
                            } | {
                                /** @enum {string} */
                                type: "agent-message";
                                text: string;
                                original_message_ids: {
                                    agent: string;
                                };
                                generating: boolean;
                            } | {
                                /** @enum {string} */
                                type: "tool-run";
                                /** @description `pending`: waits for approval; `running`: approved and running, or a sub-agent's task runs; `cancelled`: rejected, expired or refused, never run. */
                                tool_run_state: "pending" | "running" | "finished" | "error" | "cancelled";
                                tool_config: {
                                    /** @description `agent`: a sub-agent; `id` is its agent id. */
                                    type: "tool" | "agent";
                                    id: string;
                                    title: string;
                                    description: string;
                                    version: string;
                                    params_schema: {
                                        [key: string]: unknown;
                                    };
                                    project: string;
                                    emoji: null;
                                };
                                action_details: {
                                    action: string;
                                    action_request_id: string;
                                };
                                /** @description True while the action waits for a person: approve or reject it through /latest/agents/trigger with role action-confirm or action-reject. */
                                requires_confirmation: boolean;
                                /** @description Who let it run (`agent`: the agent decided, or max_auto_approvals) or refused it. */
                                confirmation?: {
                                    confirmed: boolean;
                                    by: "user" | "agent";
                                };
                                params: {
                                    /** @enum {boolean} */
                                    valid: true;
                                    json: {
                                        [key: string]: unknown;
                                    };
                                    resolved: {
                                        [key: string]: unknown;
                                    };
                                    /** @description The action_params_override of the approval. */
                                    overrides?: {
                                        [key: string]: unknown;
                                    };
                                };
                                original_message_ids: {
                                    "action-request": string;
                                };
                                errors: {
                                    body: string;
                                    step_name?: string;
                                }[];
                                output: {
                                    [key: string]: unknown;
                                };
                                /** @enum {string} */
                                output_source: "tool-run";
                            } | {
                                /** @enum {string} */
                                type: "agent-error";
                                errors: {
                                    body: string;
                                    step_name?: string;
                                }[];
                                original_message_ids: {
                                    "agent-error": string;
                                };
                            };
                        };
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    knowledgeSetsGetMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                conversation_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description A task as the hosted clients read it. */
                        metadata: {
                            _id: string;
                            project: string;
                            /** @description The conversation id. */
                            knowledge_set: string;
                            insert_date: string;
                            update_date: string;
                            insert_datetime: string;
                            update_datetime: string;
                            conversation: {
                                agent_id: string;
                                /** @description Task states of the hosted vocabulary: idle, starting-up, waiting-for-capacity, running, pending-approval, escalated, paused, completed, cancelled, timed-out, unrecoverable, errored-pending-approval. */
                                state: "idle" | "starting-up" | "waiting-for-capacity" | "running" | "pending-approval" | "escalated" | "paused" | "completed" | "cancelled" | "timed-out" | "unrecoverable" | "errored-pending-approval";
                                /** @description The first message, shortened. */
                                title: string;
                                created_by_user_id: string;
                                is_debug_mode_task: boolean;
                                has_errored: boolean;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    knowledgeSetsDelete: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    knowledge_set: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deleted: string[];
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agentsTriggersCreate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    type: string;
                    connection_id: string;
                    config?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        trigger_id: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agentsTriggersList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    page_size?: number;
                    /** @description next_cursor of the previous page. */
                    cursor?: string;
                    /** @description 1-based page number (the hosted clients' form); a cursor wins over it. */
                    page?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: {
                            trigger_id: string;
                            type: string;
                            connection_id: string;
                            config: {
                                [key: string]: string;
                            };
                            status: string;
                            hook_id: string | null;
                            events: string[];
                            /** @description The webhook as the last reconciliation pass (every HANGAR_HOOK_RECONCILE_SECONDS) left it: `ok`; `repaired at <time>` for a day after it had to be re-created (deleted at the code host), re-activated (disabled) or patched (events or URL drifted); `failing: <reason>` while it cannot be repaired (access revoked, connection removed). Null for polled triggers. */
                            hook_health: string | null;
                            /** @description A polled trigger (`codehost.new_gist`) as its last poll (every HANGAR_GIST_POLL_SECONDS) left it: `ok`, or `failing since <time>: <reason>` while the code host refuses (a revoked token answers 401) or the poll fails; polls go on and the first that succeeds makes it `ok`. Null for webhook triggers. */
                            poll_health: string | null;
                            /** @description Counters of the trigger's webhook (shared by the triggers on the same hook). Null for polled triggers. */
                            hook_stats: {
                                /** @description Deliveries stored. */
                                received: number;
                                /** @description Deliveries received again (same X-GitHub-Delivery) and acknowledged without effect. */
                                duplicate: number;
                                /** @description Requests refused with 401 for a missing or wrong signature. */
                                rejected_signature: number;
                                /** @description Missed deliveries the recovery job asked the code host to redeliver. */
                                recovered: number;
                                /** @description Age of the oldest stored delivery not yet dispatched; 0 when none waits. */
                                backlog_age_seconds: number;
                                /** @description When recovery (every HANGAR_HOOK_RECOVERY_SECONDS) last looked at this hook. */
                                last_recovery_at: string | null;
                                /** @description When reconciliation last checked this hook. */
                                last_reconciliation_at: string | null;
                            } | null;
                            created_at: string;
                        }[];
                        next_cursor?: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agentsTriggersUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agent_id: string;
                trigger_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    status: "active" | "paused";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        trigger_id: string;
                        status: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agentsTriggersDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agent_id: string;
                trigger_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        trigger_id: string;
                        /** @enum {boolean} */
                        deleted: true;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agentsTriggersTest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agent_id: string;
                trigger_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        trigger_id: string;
                        conversation_id: string;
                        /** @enum {boolean} */
                        test: true;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    triggersTypesList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: {
                            /** @description What `triggers/create` takes as `type`, e.g. `codehost.new_issue`. */
                            type: string;
                            name: string;
                            /** @description The group it is shown in; the list is in category order. */
                            category: "Repository" | "Issues and pull requests" | "Commits and branches" | "Workflows" | "Collaboration" | "Projects" | "Other";
                            /** @description One line: when it starts a task on the agent. */
                            fires_when: string;
                            /** @description What it watches, hence its `config`: `{repository: "owner/name"}`, `{organization: "login"}`, or `{}` (the connected account). */
                            scope: "repository" | "organization" | "account";
                            /** @description The webhook events its hook subscribes to; empty when polled. */
                            events: string[];
                            /** @description Checked periodically (no webhook exists for it). */
                            polled: boolean;
                        }[];
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agentsSchedulesCreate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    cron: string;
                    timezone?: string;
                    message: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        schedule_id: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agentsSchedulesList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: {
                            schedule_id: string;
                            cron: string;
                            timezone: string;
                            message: string;
                            /** @description The next occurrence (ISO 8601 UTC). */
                            next_run_at: string;
                            /** @description The occurrence that last started a task; null before the first. */
                            last_run_at: string | null;
                            created_at: string;
                        }[];
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agentsSchedulesDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agent_id: string;
                schedule_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        schedule_id: string;
                        /** @enum {boolean} */
                        deleted: true;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agentsScheduledTriggersItemCreate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    conversation_id: string;
                    message: string;
                    minutes_until_schedule?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        trigger_id: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    webhooksCodehost: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                hook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        event: string;
                        delivery_id?: string;
                        duplicate?: boolean;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description X-Hub-Signature-256 is missing or does not match the body (nothing is stored). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    eventsSubscriptionsCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    url: string;
                    /** @description Any of task.pending_approval, task.completed, task.failed. */
                    events: string[];
                    description?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        subscription_id: string;
                        /** @description `whsec_` + base64 of 32 random bytes: the Standard Webhooks signing secret. Shown only in this answer. */
                        secret: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    eventsSubscriptionsList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    page_size?: number;
                    /** @description next_cursor of the previous page. */
                    cursor?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: {
                            subscription_id: string;
                            url: string;
                            events: string[];
                            description: string | null;
                            /** Format: date-time */
                            created_at: string;
                            rotated_at: string | null;
                        }[];
                        next_cursor?: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    eventsSubscriptionsDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                subscription_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        subscription_id: string;
                        /** @enum {boolean} */
                        deleted: true;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    eventsSubscriptionsRotateSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                subscription_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        subscription_id: string;
                        /** @description `whsec_` + base64 of 32 random bytes: the Standard Webhooks signing secret. Shown only in this answer. */
                        secret: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    eventsSubscriptionsDeliveriesList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                subscription_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    page_size?: number;
                    /** @description next_cursor of the previous page. */
                    cursor?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: {
                            /** @description The webhook-id header of every attempt. */
                            delivery_id: string;
                            event: string;
                            state: "pending" | "delivered" | "failed";
                            /** Format: date-time */
                            created_at: string;
                            /** @description When a pending delivery is attempted next. */
                            next_attempt_at: string | null;
                            /** @description Oldest first (the newest 100). */
                            attempts: {
                                /** Format: date-time */
                                at: string;
                                /** @description The receiver's HTTP status; null when it did not answer (refused address, connection error, no answer within 10 s). */
                                status: number | null;
                                /** @description Why there is no status. */
                                error?: string;
                            }[];
                        }[];
                        next_cursor?: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    eventsSubscriptionsDeliveriesRetry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                subscription_id: string;
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The webhook-id header of every attempt. */
                        delivery_id: string;
                        event: string;
                        state: "pending" | "delivered" | "failed";
                        /** Format: date-time */
                        created_at: string;
                        /** @description When a pending delivery is attempted next. */
                        next_attempt_at: string | null;
                        /** @description Oldest first (the newest 100). */
                        attempts: {
                            /** Format: date-time */
                            at: string;
                            /** @description The receiver's HTTP status; null when it did not answer (refused address, connection error, no answer within 10 s). */
                            status: number | null;
                            /** @description Why there is no status. */
                            error?: string;
                        }[];
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The delivery is being sent at this moment. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    oauthProtectedResourceMcp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        resource: string;
                        authorization_servers: string[];
                        bearer_methods_supported: string[];
                        resource_name: string;
                        resource_documentation: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    oauthProtectedResource: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        resource: string;
                        authorization_servers: string[];
                        bearer_methods_supported: string[];
                        resource_name: string;
                        resource_documentation: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    oauthAuthorizationServer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        issuer: string;
                        authorization_endpoint: string;
                        token_endpoint: string;
                        registration_endpoint: string;
                        revocation_endpoint: string;
                        response_types_supported: string[];
                        response_modes_supported: string[];
                        grant_types_supported: string[];
                        code_challenge_methods_supported: string[];
                        token_endpoint_auth_methods_supported: string[];
                        revocation_endpoint_auth_methods_supported: string[];
                        service_documentation: string;
                        authorization_response_iss_parameter_supported: boolean;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    oauthRegister: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description RFC 7591 client metadata; other fields are accepted and ignored. */
        requestBody: {
            content: {
                "application/json": {
                    redirect_uris: string[];
                    client_name?: string;
                    token_endpoint_auth_method?: string;
                    grant_types?: string[];
                    response_types?: string[];
                    /** Format: uri */
                    client_uri?: string;
                    scope?: string;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        client_id: string;
                        /** @description Only for the secret-based methods; shown in this answer only. */
                        client_secret?: string;
                        client_secret_expires_at?: number;
                        client_id_issued_at: number;
                        client_name: string;
                        redirect_uris: string[];
                        grant_types: string[];
                        response_types: string[];
                        token_endpoint_auth_method: string;
                        client_uri?: string;
                    };
                };
            };
            /** @description `invalid_redirect_uri` or `invalid_client_metadata`, with what to fix. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    oauthAuthorize: {
        parameters: {
            query?: {
                /** @description Must be `code`. */
                response_type?: string;
                client_id?: string;
                /** @description Exactly one of the registered redirect URIs (a loopback http one on any port). */
                redirect_uri?: string;
                /** @description PKCE: BASE64URL(SHA-256(code_verifier)). */
                code_challenge?: string;
                /** @description Must be `S256`; `plain` is refused. */
                code_challenge_method?: string;
                /** @description Returned unchanged with the code or the error. */
                state?: string;
                /** @description RFC 8707: this server's MCP endpoint, `<public base>/latest/mcp` (the default). */
                resource?: string;
                /** @description Accepted and ignored: the token acts with the role the user has in the chosen project. */
                scope?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the consent page. */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unknown client, a redirect URI it did not register, or a request that is not code + PKCE S256 for this resource. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description This endpoint answers no content of its own on success: a valid request is the 302 above. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    oauthToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description `authorization_code` or `refresh_token`. */
                    grant_type: string;
                    code?: string;
                    redirect_uri?: string;
                    code_verifier?: string;
                    refresh_token?: string;
                    resource?: string;
                    scope?: string;
                    client_id?: string;
                    client_secret?: string;
                } & {
                    [key: string]: unknown;
                };
                "application/json": {
                    /** @description `authorization_code` or `refresh_token`. */
                    grant_type: string;
                    code?: string;
                    redirect_uri?: string;
                    code_verifier?: string;
                    refresh_token?: string;
                    resource?: string;
                    scope?: string;
                    client_id?: string;
                    client_secret?: string;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_token: string;
                        /** @enum {string} */
                        token_type: "Bearer";
                        /** @description Seconds; at most 3600. */
                        expires_in: number;
                        /** @description Good once: each use answers a new one, and a used one presented again revokes the authorization. */
                        refresh_token: string;
                        scope?: string;
                    };
                };
            };
            /** @description `invalid_request`, `invalid_grant`, `invalid_target` or `unsupported_grant_type`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description `invalid_client`: unknown, or not authenticated as registered. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    oauthRevoke: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    token: string;
                    token_type_hint?: string;
                    client_id?: string;
                    client_secret?: string;
                } & {
                    [key: string]: unknown;
                };
                "application/json": {
                    token: string;
                    token_type_hint?: string;
                    client_id?: string;
                    client_secret?: string;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description `invalid_client`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    oauthAuthorization: {
        parameters: {
            query?: {
                /** @description Must be `code`. */
                response_type?: string;
                client_id?: string;
                /** @description Exactly one of the registered redirect URIs (a loopback http one on any port). */
                redirect_uri?: string;
                /** @description PKCE: BASE64URL(SHA-256(code_verifier)). */
                code_challenge?: string;
                /** @description Must be `S256`; `plain` is refused. */
                code_challenge_method?: string;
                /** @description Returned unchanged with the code or the error. */
                state?: string;
                /** @description RFC 8707: this server's MCP endpoint, `<public base>/latest/mcp` (the default). */
                resource?: string;
                /** @description Accepted and ignored: the token acts with the role the user has in the chosen project. */
                scope?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        client_id: string;
                        client_name: string;
                        redirect_uri: string;
                        redirect_host: string;
                        resource: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    oauthAuthorizationApprove: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Must be `code`. */
                    response_type?: string;
                    client_id?: string;
                    /** @description Exactly one of the registered redirect URIs (a loopback http one on any port). */
                    redirect_uri?: string;
                    /** @description PKCE: BASE64URL(SHA-256(code_verifier)). */
                    code_challenge?: string;
                    /** @description Must be `S256`; `plain` is refused. */
                    code_challenge_method?: string;
                    /** @description Returned unchanged with the code or the error. */
                    state?: string;
                    /** @description RFC 8707: this server's MCP endpoint, `<public base>/latest/mcp` (the default). */
                    resource?: string;
                    /** @description Accepted and ignored: the token acts with the role the user has in the chosen project. */
                    scope?: string;
                    project_id: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Where the dashboard sends the browser: the client's redirect URI with `code` (or `error`), `state` and `iss`. */
                        redirect_to: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    oauthAuthorizationDeny: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Must be `code`. */
                    response_type?: string;
                    client_id?: string;
                    /** @description Exactly one of the registered redirect URIs (a loopback http one on any port). */
                    redirect_uri?: string;
                    /** @description PKCE: BASE64URL(SHA-256(code_verifier)). */
                    code_challenge?: string;
                    /** @description Must be `S256`; `plain` is refused. */
                    code_challenge_method?: string;
                    /** @description Returned unchanged with the code or the error. */
                    state?: string;
                    /** @description RFC 8707: this server's MCP endpoint, `<public base>/latest/mcp` (the default). */
                    resource?: string;
                    /** @description Accepted and ignored: the token acts with the role the user has in the chosen project. */
                    scope?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Where the dashboard sends the browser: the client's redirect URI with `code` (or `error`), `state` and `iss`. */
                        redirect_to: string;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    oauthGrantsList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: {
                            grant_id: string;
                            client_id: string;
                            client_name: string;
                            redirect_host: string;
                            project_id: string;
                            project_name: string;
                            /** Format: date-time */
                            authorized_at: string;
                            last_used_at: string | null;
                        }[];
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    oauthGrantsRevoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                grant_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        grant_id: string;
                        /** @enum {boolean} */
                        revoked: true;
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMcp: {
        parameters: {
            query?: {
                /** @description Which kinds tools/list offers, comma-separated: `tools` (saved tools), `agents`, `steps` (named steps and the API Call of every connection), `all`. Default `tools,agents`. */
                toolsets?: string;
            };
            header?: {
                /** @description The session id `initialize` answered; on every later request. */
                "mcp-session-id"?: string;
                /** @description The negotiated revision: 2025-11-25, 2025-06-18, 2025-03-26. */
                "mcp-protocol-version"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description text/event-stream */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string;
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential, or one that is not valid. Answers `WWW-Authenticate: Bearer resource_metadata="…/.well-known/oauth-protected-resource/latest/mcp"`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A browser page of another origin (the Origin header), or a role below viewer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The Mcp-Session-Id names no live session of this credential: send initialize again. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Accept allows neither application/json nor text/event-stream. */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    mcp: {
        parameters: {
            query?: {
                /** @description Which kinds tools/list offers, comma-separated: `tools` (saved tools), `agents`, `steps` (named steps and the API Call of every connection), `all`. Default `tools,agents`. */
                toolsets?: string;
            };
            header?: {
                /** @description The session id `initialize` answered; on every later request. */
                "mcp-session-id"?: string;
                /** @description The negotiated revision: 2025-11-25, 2025-06-18, 2025-03-26. */
                "mcp-protocol-version"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description One JSON-RPC 2.0 message (batches only in sessions of revision 2025-03-26: at most 20 messages, each costing one request of the rate limit). */
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    jsonrpc: "2.0";
                    id?: string | number;
                    /** @description initialize, tools/list, tools/call, ping, notifications/initialized, notifications/cancelled, … */
                    method?: string;
                    params?: {
                        [key: string]: unknown;
                    };
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description A JSON-RPC response (application/json) or an event stream of JSON-RPC messages (text/event-stream). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description A notification or response was accepted. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential, or one that is not valid. Answers `WWW-Authenticate: Bearer resource_metadata="…/.well-known/oauth-protected-resource/latest/mcp"`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A browser page of another origin (the Origin header), or a role below viewer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The Mcp-Session-Id names no live session of this credential: send initialize again. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Accept allows neither application/json nor text/event-stream. */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteMcp: {
        parameters: {
            query?: {
                /** @description Which kinds tools/list offers, comma-separated: `tools` (saved tools), `agents`, `steps` (named steps and the API Call of every connection), `all`. Default `tools,agents`. */
                toolsets?: string;
            };
            header?: {
                /** @description The session id `initialize` answered; on every later request. */
                "mcp-session-id"?: string;
                /** @description The negotiated revision: 2025-11-25, 2025-06-18, 2025-03-26. */
                "mcp-protocol-version"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session ended. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credential, or one that is not valid. Answers `WWW-Authenticate: Bearer resource_metadata="…/.well-known/oauth-protected-resource/latest/mcp"`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A browser page of another origin (the Origin header), or a role below viewer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The Mcp-Session-Id names no live session of this credential: send initialize again. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Accept allows neither application/json nor text/event-stream. */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    mcpToolsList: {
        parameters: {
            query?: {
                /** @description Which kinds tools/list offers, comma-separated: `tools` (saved tools), `agents`, `steps` (named steps and the API Call of every connection), `all`. Default `tools,agents`. */
                toolsets?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: {
                            /** @description The name clients call it by. */
                            name: string;
                            title: string;
                            description: string;
                            kind: "tool" | "agent" | "step" | "api_call";
                            /** @description The studio_id of a tool, agent_id of an agent, connection_id of a step or API Call. */
                            source_id: string;
                        }[];
                    };
                };
            };
            /** @description Validation error: the message names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authorization header missing or malformed, key unknown or revoked, or its user deactivated. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but lacking the permission the message names. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown resource, or one of another project. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (the message says how to resolve it). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address. */
            421: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug on our side; quote the x-request-id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
