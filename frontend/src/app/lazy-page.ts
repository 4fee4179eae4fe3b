import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { loadCatalogues, type CatalogueName } from "@/lib/i18n/catalogues";

type PageModule = { default: ComponentType };

export type LazyPage = LazyExoticComponent<ComponentType> & {
  /** Loads the page's code; a page preloaded before its first render never suspends. */
  preload: () => Promise<void>;
};

/**
 * A thenable that calls back at once. React.lazy reads a module it gets this way in the same
 * render instead of suspending, which a (always asynchronous) resolved Promise cannot do.
 */
function settled(module: PageModule): Promise<PageModule> {
  const thenable: PromiseLike<PageModule> = {
    then(onFulfilled) {
      return onFulfilled ? (onFulfilled(module) as never) : (thenable as never);
    },
  };
  return thenable as Promise<PageModule>;
}

/**
 * Like React.lazy, plus `preload()`. The browser hydrates a server-rendered page only once
 * its code is here (see src/main.tsx): hydration then never meets a suspended page, whose
 * server HTML React would otherwise have to keep aside and could throw away for a fallback.
 *
 * `catalogues` load with the page's code: the messages it shows beyond the `first` catalogue
 * (scripts/catalogues.ts reads them from the call, written `lazyPage(() => import(...), [...])`).
 */
export function lazyPage(importPage: () => Promise<PageModule>, catalogues: readonly CatalogueName[] = []): LazyPage {
  let loaded: PageModule | undefined;
  const load = () => Promise.all([importPage(), loadCatalogues(catalogues)]).then(([module]) => module);
  const preload = async () => {
    loaded ??= await load();
  };
  const page = lazy(() => (loaded ? settled(loaded) : load()));
  return Object.assign(page, { preload });
}
