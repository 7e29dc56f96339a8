import { useQuery } from '@tanstack/react-query';
import type { Reader } from '@paichat/protocol';
import { readersQuery } from '../../api/queries/readReceipts';
import { Avatar } from '../../components/Avatar';
import { Sheet } from '../../components/chat/Sheet';
import { useT } from '../../i18n';
import s from './ReadersSheet.module.css';

function People({ title, people }: { title: string; people: Reader[] }) {
  return (
    <section className={s.part}>
      <h3 className={s.heading}>{title}</h3>
      <ul className={s.people} aria-label={title}>
        {people.map((person) => (
          <li key={person.userId} className={s.person}>
            <Avatar name={person.nickName} src={person.portrait || undefined} alt="" size={36} />
            <span>{person.nickName}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A group message's readers: who has read it and who has not, among the members it was for. */
export function ReadersSheet({
  chatId,
  msgId,
  onClose,
}: {
  chatId: string;
  msgId: string | null;
  onClose: () => void;
}) {
  const t = useT();
  const readers = useQuery({ ...readersQuery(chatId, msgId ?? ''), enabled: msgId !== null });
  return (
    <Sheet open={msgId !== null} title={t('chatWindow.readers')} onClose={onClose}>
      {readers.data ? (
        <>
          <People
            title={t('chatWindow.readBy', { count: readers.data.read.length })}
            people={readers.data.read}
          />
          <People
            title={t('chatWindow.unreadBy', { count: readers.data.unread.length })}
            people={readers.data.unread}
          />
        </>
      ) : (
        <p className={s.status} role="status">
          {readers.isError ? t('chatWindow.readersFailed') : t('common.loading')}
        </p>
      )}
    </Sheet>
  );
}
