/**
 * A stand-in for `@tanstack/react-router` in component tests, so a form renders without a router:
 * `vi.mock('@tanstack/react-router', () => import('../../test/router-stub'))`. `Link` is a plain anchor and
 * `useNavigate` records where the screen went in `routerStub.navigated`; screens take their search params as props.
 */
import type { AnchorHTMLAttributes, ReactNode } from 'react';

export const routerStub: { navigated: unknown[] } = { navigated: [] };

export function Link({
  to,
  children,
  params: _params,
  search: _search,
  ...rest
}: { to?: string; children?: ReactNode; params?: unknown; search?: unknown } & Omit<
  AnchorHTMLAttributes<HTMLAnchorElement>,
  'children'
>) {
  return (
    <a href={to} {...rest}>
      {children}
    </a>
  );
}

export const useNavigate = () => async (target: unknown) => {
  routerStub.navigated.push(target);
};
