/**
 * The template a farmer fills in (docs/product.md §14), made in the browser: the column names the import reads and
 * one example row, UTF-8 with a BOM (so Excel shows the Japanese) and CRLF line ends (as Excel writes them).
 */
const TEMPLATE_HEADERS = [
  '個体識別番号',
  '耳標番号',
  '名前',
  '生年月日',
  '性別',
  '品種',
  '母牛の個体識別番号',
  '父牛',
  '産次',
  '最終分娩日',
  '最終授精日',
  '授精種雄牛',
  '妊娠',
  '分娩予定日',
  '導入日',
  '牛房',
  '体重',
  '備考',
] as const;

const EXAMPLE_ROW: Record<(typeof TEMPLATE_HEADERS)[number], string> = {
  個体識別番号: '0812345675',
  耳標番号: '5675',
  名前: 'はなこ',
  生年月日: '2022/4/15',
  性別: '雌',
  品種: '黒毛和種',
  母牛の個体識別番号: '0812340017',
  父牛: '美国桜',
  産次: '1',
  最終分娩日: 'R6.4.15',
  最終授精日: '2024/7/1',
  授精種雄牛: '安福久',
  妊娠: '○',
  分娩予定日: '',
  導入日: 'R4.6.1',
  牛房: '1番',
  体重: '450',
  備考: '見本の行です。消してから使ってください',
};

/** A cell as CSV writes it: quoted when it holds a comma, a quote or a line break. */
const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

function templateCsv(): string {
  const lines = [TEMPLATE_HEADERS, TEMPLATE_HEADERS.map((header) => EXAMPLE_ROW[header])];
  return `\uFEFF${lines.map((line) => line.map(cell).join(',')).join('\r\n')}\r\n`;
}

export const templateBlob = () => new Blob([templateCsv()], { type: 'text/csv;charset=utf-8' });
