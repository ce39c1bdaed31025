// The design tokens shared by our light components (as CSS variables in global.css) and by
// Ant Design's theme, so forms and management pages look like the rest of the site.
export const tokens = {
  colorPrimary: '#0b5cad',
  colorText: '#1f2933',
  colorTextSecondary: '#5b6773',
  colorBorder: '#d9e0e7',
  colorBg: '#f5f7fa',
  // Dark enough for text on white at 4.5:1 (WCAG AA; axe-core checks it, e2e/accessibility.test.ts).
  colorSuccess: '#237a34',
  colorWarning: '#8a5a00',
  colorError: '#c0262f',
  colorTextPlaceholder: '#6b7682',
  borderRadius: 8,
  fontFamily:
    "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'WenQuanYi Micro Hei', sans-serif",
} as const;
