import { describe, expect, it } from 'vitest';
import { defaultGroupName, groupAlert } from './views';

describe('defaultGroupName', () => {
  it('lists the first members while the name stays within 30 characters', () => {
    expect(defaultGroupName(['amy', 'ben', 'chen'])).toBe('amy, ben, chen');
    expect(defaultGroupName(['Alexandra', 'Bartholomew', 'Christopher', 'Dominique'])).toBe(
      'Alexandra, Bartholomew',
    );
  });

  it('cuts a first name that alone is too long', () => {
    const name = defaultGroupName(['x'.repeat(40), 'ben']);
    expect(name).toHaveLength(30);
    expect(name.endsWith('…')).toBe(true);
  });
});

describe('groupAlert', () => {
  it('fills the English text and keeps the params for clients that localize', () => {
    const people = [
      { id: 2, nick_name: 'Bob', portrait: '', user_type: 'normal' },
      { id: 3, nick_name: 'Carol', portrait: '', user_type: 'normal' },
    ];
    expect(groupAlert('groupRemoved', { name: 'Alice', names: people })).toEqual({
      code: 'groupRemoved',
      text: 'Alice removed Bob, Carol from the group chat',
      params: { name: 'Alice', names: 'Bob, Carol' },
    });
    expect(groupAlert('groupNotice', { name: 'Alice', notice: '' }).text).toBe(
      'Alice updated the group announcement: ',
    );
  });
});
