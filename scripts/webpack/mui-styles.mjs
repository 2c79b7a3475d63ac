// What every container gets for `@mui/material/styles` (create-config.cjs aliases it here): the
// theming API the product's code uses. A shared module is loaded whole, and the package's entry
// also carries theme adapters, high-contrast and responsive-font helpers no page here uses. Add
// a name here, for every container at once, when code needs it: until then it fails the build.
export {
  THEME_ID,
  ThemeProvider,
  alpha,
  createTheme,
  css,
  darken,
  keyframes,
  lighten,
  styled,
  useColorScheme,
  useTheme,
} from '../../node_modules/@mui/material/styles/index.mjs';
