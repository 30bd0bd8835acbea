// The zone the product falls back to (teachers and most families are in Qatar), in a module of its own
// without zod, so public pages can read it without the schemas (`npm run size`).
export const DEFAULT_TIME_ZONE = 'Asia/Qatar';
