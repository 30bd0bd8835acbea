// Text put into an HTML page or e-mail the server writes itself (the unsubscribe and e-mail address
// pages, the e-mails, the sandbox checkout): every character that could open markup or close an
// attribute is escaped.
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}
