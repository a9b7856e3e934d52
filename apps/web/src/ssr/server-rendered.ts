/**
 * The attribute the server puts on `<html>` of a page it drew (decision 030). On the root element, so the
 * start-up script, which may run before the body is parsed, can read it.
 */
export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';
