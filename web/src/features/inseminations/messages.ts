import { defineMessages } from '../../lib/i18n';

defineMessages({
  ja: {
    inseminator: {
      title: '授精師の方へ',
      lead: '授精証明書に載る免許番号と、家畜人工授精簿（5年保存）のダウンロードです。所属するすべての牧場で記録した授精が入ります。',
      license: '家畜人工授精師 免許番号',
      licenseHint: '40文字まで。空にすると消えます。',
      save: '保存',
      saved: '免許番号を保存しました',
      register: '家畜人工授精簿',
      from: '開始日',
      to: '終了日',
      csv: 'CSVをダウンロード',
      xlsx: 'Excelをダウンロード',
    },
  },
  en: {
    inseminator: {
      title: 'For inseminators',
      lead: 'Your licence number, printed on AI certificates, and your AI register (kept 5 years): every insemination you recorded on any of your farms.',
      license: 'Inseminator licence number',
      licenseHint: 'Up to 40 characters; empty removes it.',
      save: 'Save',
      saved: 'Licence number saved',
      register: 'AI register',
      from: 'From',
      to: 'To',
      csv: 'Download CSV',
      xlsx: 'Download Excel',
    },
  },
});
