/** The farmer's navigation. `phone` items go in the bottom bar (at most five); all show in the side bar. */
import { Beef, CalendarDays, ChartLine, ClipboardList, House, Settings, Truck, type LucideIcon } from 'lucide-react';

export interface NavItem {
  to: string;
  labelKey: string;
  icon: LucideIcon;
  phone: boolean;
}

export const navItems: NavItem[] = [
  { to: '/home', labelKey: 'nav.home', icon: House, phone: true },
  { to: '/cattle', labelKey: 'nav.cattle', icon: Beef, phone: true },
  { to: '/events', labelKey: 'nav.events', icon: ClipboardList, phone: false },
  { to: '/schedule', labelKey: 'nav.schedule', icon: CalendarDays, phone: false },
  { to: '/kpi', labelKey: 'nav.kpi', icon: ChartLine, phone: true },
  { to: '/shipments', labelKey: 'nav.shipments', icon: Truck, phone: true },
  { to: '/settings', labelKey: 'nav.settings', icon: Settings, phone: true },
];
