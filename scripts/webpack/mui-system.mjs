// What every container gets for `@mui/system` (create-config.cjs aliases it here): the names
// that @mui/material's theming and the components used here import from the package root. A
// shared module is loaded whole, and the root carries Grid, Container and more that no page
// here uses. The deep imports (`@mui/system/spacing` ...) are shared one by one. A name missing
// here fails the build of whatever imports it (exportsPresence: 'error').
export {
  GlobalStyles,
  StyledEngineProvider,
  ThemeProvider,
  alpha,
  createBox,
  createBreakpoints,
  createSpacing,
  createStack,
  css,
  darken,
  decomposeColor,
  emphasize,
  getContrastRatio,
  getLuminance,
  hexToRgb,
  hslToRgb,
  keyframes,
  lighten,
  recomposeColor,
  rgbToHex,
  unstable_createCssVarsProvider,
  unstable_createGetCssVar,
  unstable_memoTheme,
  useTheme,
} from '../../node_modules/@mui/system/index.mjs';
