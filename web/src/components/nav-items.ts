/** The farmer's navigation. `phone` items go in the bottom bar (at most five); all show in the side bar. */
import { House, Settings, type LucideIcon } from 'lucide-react';

export interface NavItem {
  to: string;
  labelKey: string;
  icon: LucideIcon;
  phone: boolean;
}

export const navItems: NavItem[] = [
  { to: '/home', labelKey: 'nav.home', icon: House, phone: true },
  { to: '/settings', labelKey: 'nav.settings', icon: Settings, phone: true },
];
