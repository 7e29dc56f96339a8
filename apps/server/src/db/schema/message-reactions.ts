/** The emoji each person has on a message now; see migrations/0041_message_reactions.ts. */
export interface MessageReactionsTable {
  message_id: number;
  user_id: number;
  emoji: string;
  chat_id: number;
  /** The REACTION event that put it there (orders a message's emoji and people). */
  seq: number;
}

/** Per message that has had reactions: the seq of the newest REACTION event that changed them. */
export interface MessageReactionMarksTable {
  message_id: number;
  chat_id: number;
  seq: number;
}
