// First: it configures zod before any module could parse with it.
import './lib/zod-without-eval.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { seedPageData } from './app/page-data.ts';
import { AppProviders } from './app/providers.tsx';
import { queryClient } from './app/query-client.ts';
import { AppRouter } from './app/router.tsx';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');

// Before the first render: the page's first answers are in the cache when its components ask for them.
seedPageData(queryClient);

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);
