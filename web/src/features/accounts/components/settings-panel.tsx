import { ATTRIBUTION_MAX, type PublicUser, type SettingSwitch } from '@contract/accounts';
import { MESSAGES } from '@contract/texts';
import { Button, Form, Input, Switch } from 'antd';
import { useState } from 'react';
import { PhoneSection } from './phone-section.js';
import { AntdProvider } from '../../../components/antd-provider.js';
import { ReferenceSelect, type RefOption } from '../../../components/reference-select.js';
import { srcSetOf } from '../../../components/photo-image.js';
import { showFieldErrors } from '../../../lib/form-errors.js';
import { openLoginDialog } from '../../../lib/login-dialog.js';
import { clearSession } from '../../../lib/session.js';
import { useDeleteMe } from '../api/delete-me.js';
import { useMe } from '../api/get-me.js';
import { useUserPhotos } from '../api/get-user-photos.js';
import { useUpdateMe } from '../api/update-me.js';

interface ProfileFields {
  username: string;
  homeAirport: RefOption | null;
  attribution: string;
}

const SWITCHES: { key: SettingSwitch; label: string; hint: string }[] = [
  { key: 'allowFeature', label: '允许本站精选我的图片', hint: '被评为编辑精选的图片会在首页和图库中展示。' },
  {
    key: 'allowThirdPartyCc',
    label: '允许第三方按 CC BY-NC-ND 4.0 使用',
    hint: '署名、非商业使用、不得修改；商业使用仍需联系你。',
  },
  {
    key: 'allowThirdPartyDisplay',
    label: '允许其他网站通过开放接口展示',
    hint: '航班追踪、论坛等可以显示你的图片，并署名、链接回图片页面；关闭后接口和嵌入都不再提供你的图片。',
  },
  { key: 'screeningMails', label: '审图结果邮件', hint: '每 30 分钟最多一封汇总邮件；站内消息不受影响。' },
];

/** Cover: one of the member's accepted photos, or none. */
function CoverPicker({
  userId,
  value,
  onChange,
}: {
  userId: number;
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const photos = useUserPhotos(userId);
  const items = photos.data?.pages.flatMap((p) => p.items) ?? [];
  if (photos.isSuccess && items.length === 0) return <p className="muted">有图片通过审核后，就可以选它作封面。</p>;
  return (
    <>
      <div className="cover-choices" role="group" aria-label="封面图片" data-testid="cover-choices">
        <button type="button" className="cover-choice none" aria-pressed={value === null} onClick={() => onChange(null)}>
          不使用封面
        </button>
        {items.map((p) => (
          <button
            type="button"
            key={p.id}
            className="cover-choice"
            aria-pressed={value === p.id}
            aria-label={`选择 ${p.registration}（编号 ${p.id}）作封面`}
            onClick={() => onChange(p.id)}
          >
            <img srcSet={srcSetOf(p)} sizes="160px" alt="" loading="lazy" />
          </button>
        ))}
      </div>
      {photos.hasNextPage && (
        <Button type="link" onClick={() => void photos.fetchNextPage()} loading={photos.isFetchingNextPage}>
          显示更多图片
        </Button>
      )}
    </>
  );
}

function Settings({ user, onClose, focusPhone }: { user: PublicUser; onClose: () => void; focusPhone: boolean }) {
  const me = useMe();
  const update = useUpdateMe();
  const remove = useDeleteMe();
  const [profile] = Form.useForm<ProfileFields>();
  const [passwords] = Form.useForm<{ oldPassword: string; newPassword: string; repeat: string }>();
  const [removal] = Form.useForm<{ password: string }>();
  const [cover, setCover] = useState<number | null | undefined>(undefined);

  if (!me.data) return <p className="muted">{me.isError ? '设置加载失败，请刷新重试。' : '加载中…'}</p>;
  const settings = me.data.settings;
  const coverValue = cover === undefined ? me.data.coverPhotoId : cover;

  const saveProfile = async () => {
    const v = await profile.validateFields();
    try {
      await update.mutateAsync({
        username: v.username.trim(),
        homeAirportId: v.homeAirport?.value ?? null,
        coverPhotoId: coverValue,
        settings: { attribution: (v.attribution ?? '').trim() },
      });
    } catch (e) {
      showFieldErrors(profile, e, { homeAirportId: 'homeAirport', coverPhotoId: null, settings: 'attribution' });
    }
  };
  const changePassword = async () => {
    const v = await passwords.validateFields();
    try {
      await update.mutateAsync({ oldPassword: v.oldPassword, newPassword: v.newPassword });
      // Every session of the member ends with the old password, this one too.
      clearSession();
      openLoginDialog();
    } catch (e) {
      showFieldErrors(passwords, e);
    }
  };
  const deleteAccount = async () => {
    const v = await removal.validateFields();
    try {
      await remove.mutateAsync(v.password);
      window.location.assign('/');
    } catch (e) {
      showFieldErrors(removal, e);
    }
  };

  return (
    <>
      <section aria-label="个人资料">
        <h3>个人资料</h3>
        <Form
          form={profile}
          layout="vertical"
          requiredMark={false}
          initialValues={{
            username: me.data.username,
            homeAirport: user.homeAirport ? { value: user.homeAirport.id, label: user.homeAirport.label } : null,
            attribution: settings.attribution,
          }}
          style={{ maxWidth: 640 }}
        >
          <Form.Item name="username" label="用户名" rules={[{ required: true, whitespace: true, message: '请填写用户名' }]}>
            <Input maxLength={20} data-testid="settings-username" />
          </Form.Item>
          <Form.Item name="homeAirport" label="主场机场">
            <ReferenceSelect kind="airports" placeholder="常去拍机的机场" />
          </Form.Item>
          <Form.Item
            name="attribution"
            label="署名"
            extra="其他网站通过开放接口、嵌入或订阅展示你的图片时写在旁边的署名；留空即“© 用户名 / 航迹 Contrail”。"
          >
            <Input
              maxLength={ATTRIBUTION_MAX}
              placeholder={`© ${me.data.username} / 航迹 Contrail`}
              data-testid="settings-attribution"
            />
          </Form.Item>
          <Form.Item label="封面图片">
            <CoverPicker userId={user.id} value={coverValue} onChange={setCover} />
          </Form.Item>
          <Button type="primary" onClick={() => void saveProfile()} loading={update.isPending} data-testid="save-profile">
            保存资料
          </Button>
        </Form>
      </section>

      <section aria-label="授权与通知">
        <h3>授权与通知</h3>
        {SWITCHES.map((s) => (
          <div className="switch-row" key={s.key}>
            <Switch
              checked={settings[s.key]}
              loading={update.isPending}
              onChange={(checked) => update.mutate({ settings: { [s.key]: checked } })}
              aria-label={s.label}
              data-testid={`setting-${s.key}`}
            />
            <div>
              <div>{s.label}</div>
              <div className="muted">{s.hint}</div>
            </div>
          </div>
        ))}
      </section>

      <PhoneSection focus={focusPhone} />

      <section aria-label="修改密码">
        <h3>修改密码</h3>
        <Form form={passwords} layout="vertical" requiredMark={false} style={{ maxWidth: 400 }}>
          <Form.Item name="oldPassword" label="原密码" rules={[{ required: true, message: '请输入原密码' }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            name="newPassword"
            label="新密码"
            rules={[{ required: true, min: 8, max: 72, message: MESSAGES.passwordLength }]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="repeat"
            label="再次输入新密码"
            dependencies={['newPassword']}
            rules={[
              { required: true, message: '请再次输入新密码' },
              ({ getFieldValue }) => ({
                validator: (_, v) =>
                  !v || v === getFieldValue('newPassword')
                    ? Promise.resolve()
                    : Promise.reject(new Error(MESSAGES.passwordMismatch)),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <p className="muted">修改后所有设备都需要重新登录。</p>
          <Button onClick={() => void changePassword()} loading={update.isPending}>
            修改密码
          </Button>
        </Form>
      </section>

      <section aria-label="注销账号" className="danger-zone" style={{ marginTop: 24 }}>
        <h3 style={{ marginTop: 0 }}>注销账号</h3>
        <p>注销后账号将被匿名化，你上传的所有图片文件会被删除，且无法恢复。</p>
        <Form form={removal} layout="inline" requiredMark={false}>
          <Form.Item name="password" rules={[{ required: true, message: '请输入密码确认' }]}>
            <Input.Password placeholder="输入密码确认" autoComplete="current-password" data-testid="delete-password" />
          </Form.Item>
          <Button danger onClick={() => void deleteAccount()} loading={remove.isPending} data-testid="delete-account">
            注销账号
          </Button>
        </Form>
      </section>
      <p style={{ marginTop: 16 }}>
        <Button type="link" onClick={onClose} style={{ padding: 0 }}>
          收起设置
        </Button>
      </p>
    </>
  );
}

/** The member's settings on their own page, loaded with Ant Design when opened. */
export default function SettingsPanel(props: { user: PublicUser; onClose: () => void; focusPhone: boolean }) {
  return (
    <AntdProvider>
      <div className="panel settings" data-testid="settings">
        <h2>设置</h2>
        <Settings {...props} />
      </div>
    </AntdProvider>
  );
}
