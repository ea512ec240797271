// The live stream's event that tells an open admin its notices changed (`{unread}`: the count).
// A module of its own, importing nothing: the public site's stream reader names it too.
export const NOTIFICATIONS_EVENT = 'notifications';
