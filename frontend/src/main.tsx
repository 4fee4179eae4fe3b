import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "@/lib/router";
import { App } from "@/app/app";
import { seedInitialData } from "@/features/events/api/initial-data";
import { seedInitialStories, seedInitialStory } from "@/features/stories/api/query-keys";
import { preloadPrerenderedPage } from "@/app/pages";
import { documentLocale, startLocale } from "@/lib/i18n/catalogues";
import { readInitialData } from "@/lib/initial-data";
import { createQueryClient } from "@/lib/query-client";
import "./index.css";

const queryClient = createQueryClient();
const initialData = readInitialData();
seedInitialData(queryClient, initialData);
seedInitialStory(queryClient, initialData);
seedInitialStories(queryClient, initialData);

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

// The server sends /, /events, /events/{id}, /blog and /blog/{id} as prerendered HTML (docs/adr/0006): take
// it over once the page's code is here, as a transition, so React hydrates in small slices
// and the page stays responsive meanwhile. Every other path starts from an empty #root.
const prerendered = root.firstElementChild !== null;
const app = <App queryClient={queryClient} router={BrowserRouter} prerendered={prerendered} />;

// The page's language is the one the server sent it in (<html lang>): its first catalogue
// comes before anything renders.
const language = startLocale(documentLocale());
if (prerendered) {
  void Promise.all([language, preloadPrerenderedPage(window.location.pathname)]).then(() => {
    startTransition(() => {
      hydrateRoot(root, app);
    });
  });
} else {
  void language.then(() => createRoot(root).render(app));
}
