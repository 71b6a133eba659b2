/**
 * The Content-Security-Policy of the UI, in one place: the Electron shell sets it on every
 * response and the browser mode sends it as a header. `src-renderer/index.html` repeats it in
 * a meta tag (a build-time copy, checked against this one by a unit test); `frame-ancestors`
 * is only honoured in a header, so the meta tag leaves it out.
 */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; " +
  "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
