import { useEffect, useState } from 'react';
import { api } from './api';
import { onSessionChange } from './server-data';

/**
 * The public content every page may show, signed in or not: the footer's links and the supported
 * languages (spec: loaded on start). The same for every user, so each is loaded once per visit and
 * shared by whoever shows it. Not through TanStack Query: the login page shows both, and TanStack Query
 * loads with the signed-in frame (docs/adr/0043, the login route's size).
 */
const loaders = {
  footer: () => api.content.footer(),
  languages: () => api.content.supportedLanguages(),
};
type Content = typeof loaders;
type Key = keyof Content;
type Answer<K extends Key> = Awaited<ReturnType<Content[K]>>;

const loaded = new Map<Key, Promise<unknown>>();

const load = <K extends Key>(key: K): Promise<Answer<K>> => {
  let answer = loaded.get(key) as Promise<Answer<K>> | undefined;
  if (!answer) {
    answer = loaders[key]() as Promise<Answer<K>>;
    loaded.set(key, answer);
    // A failure is not kept: the next page that shows it asks again.
    answer.catch(() => loaded.delete(key));
  }
  return answer;
};

// Asked again after a session change (a new language's texts, another deployment's links).
onSessionChange(() => loaded.clear());

/** The content for `key`, undefined until it is there (or when it failed: spec section 8, logged only). */
export function usePublicContent<K extends Key>(key: K): Answer<K> | undefined {
  const [data, setData] = useState<Answer<K>>();
  useEffect(() => {
    let live = true;
    load(key).then(
      (value) => {
        if (live) setData(value);
      },
      (error: unknown) => console.error(error),
    );
    return () => {
      live = false;
    };
  }, [key]);
  return data;
}
