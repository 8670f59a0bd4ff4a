import { z } from 'zod';

/** A farm's name as every form takes it (§13): NFKC, trimmed, 1–50 characters. */
export const farmNameSchema = z
  .string({ error: '牧場名は1〜50文字で入力してください' })
  .normalize('NFKC')
  .trim()
  .min(1, '牧場名は1〜50文字で入力してください')
  .max(50, '牧場名は1〜50文字で入力してください');

/** The name of the farm a new user gets when they name none: `{userName}の牧場`. */
export const ownFarmName = (userName: string) => `${userName}の牧場`;
