import { Gender, type DictItem, type DictType, type Language } from '@paichat/protocol';
import { DICT_COPY } from './data';

/** Dictionary items of a type in a language (spec 3, dictionary item). Pure: the copy ships with the code. */
export function dictItems(type: DictType, language: Language): DictItem[] {
  const copy = DICT_COPY[language];
  switch (type) {
    case 'sys_user_sex':
      return Gender.options.map((value) => ({ dictLabel: copy.gender[value], dictValue: value }));
    case 'user_intro_suggest':
      return copy.introSuggestions.map((text, i) => ({ dictLabel: text, dictValue: String(i + 1) }));
    case 'friend_apply_reason':
      return [{ dictLabel: copy.applyReason, dictValue: 'default' }];
  }
}
