// Applied before first paint so a dark-theme user never sees a white flash.
(() => {
  try {
    const theme = localStorage.getItem('ushicho.theme') || 'light';
    const dark = theme === 'dark' || (theme === 'auto' && matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
    const locale = localStorage.getItem('ushicho.locale');
    if (locale === 'en') document.documentElement.lang = 'en';
  } catch {}
})();
