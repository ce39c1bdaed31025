import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ComponentType, ReactNode } from 'react';
import { tokens } from '../styles/tokens.js';

// The date pickers' month names, weekdays and first day of the week come from dayjs's locale.
dayjs.locale('zh-cn');

/** Ant Design with the zh_CN locale and our tokens; only chunks loaded on demand import this. */
export function AntdProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider
      locale={zhCN}
      // The shell's button texts are exact (登录, 注册): no space inserted between two characters.
      button={{ autoInsertSpace: false }}
      theme={{
        token: {
          colorPrimary: tokens.colorPrimary,
          colorText: tokens.colorText,
          colorSuccess: tokens.colorSuccess,
          colorWarning: tokens.colorWarning,
          colorError: tokens.colorError,
          // Help texts, placeholders and descriptions readable at 4.5:1 (Ant Design's greys are lighter).
          colorTextPlaceholder: tokens.colorTextPlaceholder,
          colorLink: tokens.colorPrimary,
          colorInfo: tokens.colorPrimary,
          colorTextDescription: tokens.colorTextSecondary,
          colorTextTertiary: tokens.colorTextSecondary,
          borderRadius: tokens.borderRadius,
          fontFamily: tokens.fontFamily,
        },
      }}
    >
      <App>{children}</App>
    </ConfigProvider>
  );
}

/** A component of a lazily loaded chunk (a dialog, a page) wrapped in the provider. */
export function withAntd<P extends object>(Inner: ComponentType<P>): ComponentType<P> {
  return function WithAntd(props: P) {
    return (
      <AntdProvider>
        <Inner {...props} />
      </AntdProvider>
    );
  };
}
