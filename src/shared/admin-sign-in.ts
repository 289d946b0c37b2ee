/**
 * Id of the JSON script tag the server adds only to the page it serves at the hidden admin
 * sign-in path (`{"path":"/…"}`), so the public JavaScript never contains that path. Kept out of
 * constants.ts, which is part of the storefront's first load.
 */
export const ADMIN_SIGN_IN_ELEMENT_ID = 'cedar-admin-sign-in';
