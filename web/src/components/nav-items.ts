/**
 * The farmer's navigation. The side bar (wide screens) shows every `desktop` item; the phone's bottom bar shows the
 * `phone` items (five at most, sized for gloved thumbs) and the rest sit behind メニュー.
 */
import {
  Bell,
  CalendarDays,
  ChartLine,
  ClipboardList,
  FileCheck,
  House,
  ListChecks,
  Menu,
  Plus,
  Route,
  Settings,
  Truck,
  Users,
  Warehouse,
} from 'lucide-react';
import type { ComponentType } from 'react';
import { CowIcon } from './cow-icon';

export interface NavItem {
  to: string;
  labelKey: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean | 'true' }>;
  phone: boolean;
  desktop: boolean;
  /** Shows the number of alerts needing attention. */
  alertBadge?: boolean;
}

export const navItems: NavItem[] = [
  { to: '/home', labelKey: 'nav.home', icon: House, phone: true, desktop: true },
  { to: '/cattle', labelKey: 'nav.cattle', icon: CowIcon, phone: true, desktop: true },
  { to: '/events/new', labelKey: 'nav.record', icon: Plus, phone: true, desktop: false },
  { to: '/alerts', labelKey: 'nav.alerts', icon: Bell, phone: true, desktop: true, alertBadge: true },
  { to: '/tasks', labelKey: 'nav.tasks', icon: ListChecks, phone: false, desktop: true },
  { to: '/today', labelKey: 'nav.today', icon: Route, phone: false, desktop: true },
  { to: '/events', labelKey: 'nav.events', icon: ClipboardList, phone: false, desktop: true },
  { to: '/schedule', labelKey: 'nav.schedule', icon: CalendarDays, phone: false, desktop: true },
  { to: '/kpi', labelKey: 'nav.kpi', icon: ChartLine, phone: false, desktop: true },
  { to: '/shipments', labelKey: 'nav.shipments', icon: Truck, phone: false, desktop: true },
  // 書類: the filings, the 1 February head count and the AI register (§21, turn 4).
  { to: '/papers', labelKey: 'nav.papers', icon: FileCheck, phone: false, desktop: true },
  { to: '/pens', labelKey: 'nav.pens', icon: Warehouse, phone: false, desktop: true },
  // On a phone behind メニュー.
  { to: '/farms/members', labelKey: 'nav.members', icon: Users, phone: false, desktop: true },
  { to: '/settings', labelKey: 'nav.settings', icon: Settings, phone: false, desktop: true },
  { to: '/menu', labelKey: 'nav.menu', icon: Menu, phone: true, desktop: false },
];
