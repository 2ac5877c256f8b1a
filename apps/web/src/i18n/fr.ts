import { admin } from './fr/admin';
import { auth } from './fr/auth';
import { legal } from './fr/legal';
import { marketing } from './fr/marketing';
import { pages } from './fr/pages';
import { shell } from './fr/shell';

/** French, the default language: bundled with the app. Keys are grouped by feature. */
export const fr = { ...shell, ...marketing, ...pages, ...legal, ...auth, ...admin } as const;

type Widen<T> = T extends string
  ? string
  : T extends readonly (infer Item)[]
    ? readonly Widen<Item>[]
    : { readonly [Key in keyof T]: Widen<T[Key]> };

/** The shape every other language must provide, key for key. */
export type Translation = Widen<typeof fr>;
