/** app.tsx's first import, so that it runs before React, the router and the query client are evaluated. */
import { loadFirstScreen } from './boot';

loadFirstScreen();
