import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.js';
import { createRouter } from './app/router.js';
import { refreshSession } from './lib/api.js';
import './styles/global.css';

// The stored session as the server knows the member now: a promotion since signing in shows at once.
void refreshSession();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={createRouter()} />
    </Providers>
  </StrictMode>,
);
