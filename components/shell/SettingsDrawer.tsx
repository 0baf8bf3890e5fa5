'use client';
// 布局设置抽屉：整体风格、主题色、导航模式、内容宽度、固定页头、固定侧栏、色弱模式。
// 每次修改立即生效并写入 Cookie（settings.ts），下次打开页面服务端首屏即按此渲染。
import { Button, Divider, Drawer, Select, Switch, Tooltip } from 'antd';
import { CheckOutlined, ReloadOutlined } from '@ant-design/icons';
import { useT } from '@/lib/i18n/client';
import { DEFAULT_SETTINGS, LAYOUTS, NAV_THEMES, PRIMARY_COLORS, type LayoutSettings } from './settings';
import styles from './shell.module.css';
import { useEscapeKey } from '@/components/useEscapeKey';

export interface SettingsDrawerProps {
  open: boolean;
  settings: LayoutSettings;
  onClose: () => void;
  onChange: (next: LayoutSettings) => void;
}

/** 风格与导航模式的示意小图：侧栏与页头的明暗 */
function Thumb({ sider, header, top }: { sider?: 'dark' | 'light'; header: 'dark' | 'light'; top?: boolean }) {
  return (
    <span className={`${styles.thumb} ${top ? styles.thumbTop : ''}`}>
      <span className={`${styles.thumbHeader} ${header === 'dark' ? styles.thumbDark : styles.thumbLight}`} />
      {sider && <span className={`${styles.thumbSider} ${sider === 'dark' ? styles.thumbDark : styles.thumbLight}`} />}
    </span>
  );
}

export default function SettingsDrawer({ open, settings, onClose, onChange }: SettingsDrawerProps) {
  const t = useT();
  const set = <K extends keyof LayoutSettings>(key: K, value: LayoutSettings[K]) => onChange({ ...settings, [key]: value });
  useEscapeKey(open, onClose);

  return (
    <Drawer
      title={t('shell.settings.title')}
      open={open}
      onClose={onClose}
      size={300}
      footer={
        <Button block icon={<ReloadOutlined />} onClick={() => onChange({ ...DEFAULT_SETTINGS, collapsed: settings.collapsed })}>
          {t('shell.settings.reset')}
        </Button>
      }
    >
      <div data-testid="settings-drawer">
        <h4 className={styles.settingsHeading}>{t('shell.settings.pageStyle')}</h4>
        <div className={styles.blocks}>
          {NAV_THEMES.map((theme) => (
            <Tooltip key={theme} title={t(`shell.settings.theme.${theme}`)}>
              <button
                type="button"
                className={`${styles.block} ${theme === 'realDark' ? styles.blockRealDark : ''}`}
                aria-pressed={settings.navTheme === theme}
                aria-label={t(`shell.settings.theme.${theme}`)}
                onClick={() => set('navTheme', theme)}
              >
                <Thumb sider={theme === 'light' ? 'light' : 'dark'} header={theme === 'light' ? 'light' : 'dark'} />
                {settings.navTheme === theme && <CheckOutlined className={styles.blockCheck} />}
              </button>
            </Tooltip>
          ))}
        </div>

        <h4 className={styles.settingsHeading}>{t('shell.settings.primaryColor')}</h4>
        <div className={styles.colors}>
          {PRIMARY_COLORS.map((c) => (
            <Tooltip key={c.key} title={t(`shell.settings.color.${c.key}`)}>
              <button
                type="button"
                className={styles.colorSwatch}
                style={{ background: c.color }}
                aria-pressed={settings.primaryColor === c.color}
                aria-label={t(`shell.settings.color.${c.key}`)}
                onClick={() => set('primaryColor', c.color)}
              >
                {settings.primaryColor === c.color && <CheckOutlined />}
              </button>
            </Tooltip>
          ))}
        </div>

        <Divider />

        <h4 className={styles.settingsHeading}>{t('shell.settings.navMode')}</h4>
        <div className={styles.blocks}>
          {LAYOUTS.map((layout) => (
            <Tooltip key={layout} title={t(`shell.settings.layout.${layout}`)}>
              <button
                type="button"
                className={styles.block}
                aria-pressed={settings.layout === layout}
                aria-label={t(`shell.settings.layout.${layout}`)}
                data-testid={`layout-${layout}`}
                onClick={() => set('layout', layout)}
              >
                <Thumb header="dark" sider={layout === 'sidemenu' ? 'light' : undefined} top={layout === 'topmenu'} />
                {settings.layout === layout && <CheckOutlined className={styles.blockCheck} />}
              </button>
            </Tooltip>
          ))}
        </div>

        <ul className={styles.settingList}>
          <li>
            <span>{t('shell.settings.contentWidth')}</span>
            <Select
              size="small"
              style={{ width: 96 }}
              value={settings.contentWidth}
              onChange={(v) => set('contentWidth', v)}
              options={[
                { value: 'Fluid', label: t('shell.settings.contentWidth.fluid') },
                { value: 'Fixed', label: t('shell.settings.contentWidth.fixed') },
              ]}
            />
          </li>
          <li>
            <span>{t('shell.settings.fixedHeader')}</span>
            <Switch size="small" checked={settings.fixedHeader} onChange={(v) => set('fixedHeader', v)} />
          </li>
          <li>
            <span className={settings.layout === 'topmenu' ? styles.settingDisabled : undefined}>{t('shell.settings.fixSiderbar')}</span>
            <Switch size="small" disabled={settings.layout === 'topmenu'} checked={settings.fixSiderbar} onChange={(v) => set('fixSiderbar', v)} />
          </li>
        </ul>

        <Divider />

        <h4 className={styles.settingsHeading}>{t('shell.settings.other')}</h4>
        <ul className={styles.settingList}>
          <li>
            <span>{t('shell.settings.colorWeak')}</span>
            <Switch size="small" checked={settings.colorWeak} onChange={(v) => set('colorWeak', v)} />
          </li>
        </ul>
        <p className={styles.settingsHint}>{t('shell.settings.savedHint')}</p>
      </div>
    </Drawer>
  );
}
