import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiError, whenSignedOut } from './api/index.ts';
import { App } from './App.tsx';
import { navigate } from './router.tsx';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: {
    // A 4xx will not get better by asking again; the page shows the API's message instead.
    queries: { retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2, refetchOnWindowFocus: false, staleTime: 5_000 },
  },
  queryCache: new QueryCache(),
  mutationCache: new MutationCache(),
});

// The session expired or was ended elsewhere: sign in again, then come back to this page.
whenSignedOut(() => {
  if (location.pathname === '/sign-in') return;
  const next = location.pathname + location.search;
  queryClient.clear();
  navigate(next === '/' ? '/sign-in' : `/sign-in?next=${encodeURIComponent(next)}`, { replace: true });
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
