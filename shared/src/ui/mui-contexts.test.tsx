// Two containers' copies of MUI in one page, as module federation makes them: each container
// bundles its own components, and shares only what shared-deps.cjs lists. Here a second copy of
// @mui/material comes from an isolated module registry that shares React and emotion with the
// first, and, in the second test, MUI's modules that shared-deps.cjs shares by path (PLAT-14).
/* eslint-disable @typescript-eslint/no-require-imports -- the second copy is loaded inside jest.isolateModules, which only require can do */
import path from 'node:path';
import * as React from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import * as ReactDOM from 'react-dom';
import * as emotionReact from '@emotion/react';
import * as emotionStyled from '@emotion/styled';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { SelectField } from './select-field';

const { muiByPath } = require('../../../scripts/webpack/shared-deps.cjs') as { muiByPath: string[] };
const nodeModules = path.join(path.dirname(require.resolve('react/package.json')), '..');
/** The CommonJS file jest loads for a module shared-deps.cjs names by its ES file. */
const commonJsFile = (file: string) => path.join(nodeModules, file.replace(/\.mjs$/, '.js'));

const byName: Record<string, unknown> = {
  react: React,
  'react/jsx-runtime': jsxRuntime,
  'react-dom': ReactDOM,
  '@emotion/react': emotionReact,
  '@emotion/styled': emotionStyled,
};

/** A second container's @mui/material module, sharing React, emotion and, if asked, MUI's modules shared by path. */
function otherContainers<T>(request: () => T, { sharedByPath }: { sharedByPath: boolean }): T {
  for (const [name, module] of Object.entries(byName)) jest.doMock(name, () => module);
  // This container's instances of the modules shared by path, which the other copy then uses.
  const own = sharedByPath ? muiByPath.map((file) => [commonJsFile(file), require(commonJsFile(file))] as const) : [];
  let result: T | undefined;
  jest.isolateModules(() => {
    for (const [file, module] of own) jest.doMock(file, () => module);
    result = request();
  });
  for (const [file] of own) jest.dontMock(file);
  return result as T;
}

type MenuItemType = typeof MenuItem;
const otherMenuItem = (sharedByPath: boolean) =>
  otherContainers(() => require('@mui/material/MenuItem').default as MenuItemType, { sharedByPath });

function Status({ Item }: { Item: MenuItemType }) {
  const [value, setValue] = React.useState('all');
  return (
    <SelectField label="Status" value={value} onChange={setValue}>
      <Item value="all">All Status</Item>
      <Item value="failed">Failed</Item>
    </SelectField>
  );
}

test('the copies are two: without the shared modules, a MenuItem of one breaks inside a Select of the other', async () => {
  const Item = otherMenuItem(false);
  expect(Item).not.toBe(MenuItem);
  const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
  const user = userEvent.setup();
  render(<Status Item={Item} />);
  await expect(user.click(screen.getByRole('combobox', { name: 'Status' }))).rejects.toThrow('MenuListContext is missing');
  errors.mockRestore();
});

test("with MUI's modules shared by path, another container's MenuItem works inside this one's Select, by mouse and keyboard", async () => {
  const Item = otherMenuItem(true);
  expect(Item).not.toBe(MenuItem);
  const user = userEvent.setup();
  render(<Status Item={Item} />);
  const status = screen.getByRole('combobox', { name: 'Status' });
  await user.click(status);
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Failed' }));
  expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  expect(status.textContent).toBe('Failed');

  // The keyboard: the menu opens on the selected item, arrows move, Enter chooses.
  act(() => status.focus());
  await user.keyboard('{ArrowDown}');
  expect(document.activeElement?.textContent).toBe('Failed');
  await user.keyboard('{ArrowUp}{Enter}');
  expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  expect(status.textContent).toBe('All Status');
});

test("another container's Tab works inside this one's Tabs: the selected one is marked and arrows move between them", async () => {
  const OtherTab = otherContainers(() => require('@mui/material/Tab').default as typeof Tab, { sharedByPath: true });
  expect(OtherTab).not.toBe(Tab);
  const user = userEvent.setup();
  render(
    <Tabs value="events" aria-label="Developers">
      <OtherTab value="webhooks" label="Webhooks" />
      <OtherTab value="events" label="Events" />
    </Tabs>,
  );
  expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Events');
  act(() => screen.getByRole('tab', { name: 'Events' }).focus());
  await user.keyboard('{ArrowLeft}');
  expect(document.activeElement?.textContent).toBe('Webhooks');
});
