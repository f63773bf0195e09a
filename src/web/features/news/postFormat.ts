// How the news pages write a post's date and categories.
import type { TFunction } from 'i18next';
import type { Language } from '../../../domain/constants';
import { NUMBER_LOCALE } from '../../../domain/language';

export const formatPostDate = (iso: string, language: Language) =>
  new Intl.DateTimeFormat(NUMBER_LOCALE[language], { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso));

/** A category's name: translated when known, else its code made readable ("long-term-plans" → "long term plans"). */
export const categoryName = (t: TFunction, code: string) => t(`news.categories.${code}`, { defaultValue: code.replace(/-/g, ' ') });

/** The page listing posts of a type. */
export const listPathOf = (typepost: 'blog' | 'insight' | 'news') => (typepost === 'insight' ? '/insights' : '/blog');
