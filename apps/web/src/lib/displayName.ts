/**
 * The name a contact is listed under: the remark, or the nickname without one. On its own (not in
 * contactGroups.ts) so a screen that only names contacts, like the chat window's card picker,
 * does not load the pinyin dictionary.
 */
export function displayNameOf(contact: { remark?: string; nickName: string }): string {
  const remark = contact.remark?.trim() ?? '';
  return remark || contact.nickName.trim();
}
