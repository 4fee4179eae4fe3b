import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { seedInitialData } from "@/app/initial-data";
import { Providers } from "@/app/providers";
import { AppRoutes } from "@/app/router";
import { createQueryClient } from "@/lib/query-client";
import "./index.css";

const queryClient = createQueryClient();
seedInitialData(queryClient);

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>,
);
