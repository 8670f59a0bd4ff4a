/** Farm roles and what each may do (docs/product.md §12). */
export const FARM_ROLES = ['owner', 'staff', 'viewer'] as const;
export type FarmRole = (typeof FARM_ROLES)[number];

const RANK: Record<FarmRole, number> = { viewer: 1, staff: 2, owner: 3 };

/** Whether `role` includes everything `needed` may do: owner ⊃ staff ⊃ viewer. */
export const roleAllows = (role: FarmRole, needed: FarmRole): boolean => RANK[role] >= RANK[needed];

export const ROLE_LABELS: Record<FarmRole, { ja: string; en: string }> = {
  owner: { ja: 'オーナー', en: 'Owner' },
  staff: { ja: 'スタッフ', en: 'Staff' },
  viewer: { ja: '閲覧のみ', en: 'Viewer' },
};

export const FARM_MESSAGES = {
  noAccess: 'この牧場へのアクセス権がありません',
  forbidden: 'この操作を行う権限がありません',
  lastOwner: '牧場には少なくとも1人のオーナーが必要です',
  invalidInvitation: '招待リンクが無効か期限切れです',
  wrongInvitee: '招待されたメールアドレスでログインしてください',
  moving: 'この牧場はただいま移動中です（数分で戻ります）',
} as const;
