// jest's runtime, with V8's code cache kept for each module between the test files of a worker.
// jest compiles every module afresh in each test file (its module registry is per file), so a
// worker parsed and compiled the same React, MUI, Fastify and zod again for every file, and
// compiled their functions again as they first ran. Here a module's later compiles in a worker
// start from the code its first one had compiled by the end of its file
// (docs/decisions/test-run-cpu-budget.md).
const vm = require('node:vm');
const Runtime = require('jest-runtime').default;

/** filename -> { source, script, cachedData }: the first compile's script until its cache is made (a script holds no context). */
const compiled = new Map();

/** jest's own compile (its module executor's): a function of the module's injected parameters. */
function compileWithCache(executor, jestCompile, scriptSource, filename) {
  const vmContext = executor.environment.getVmContext();
  if (vmContext == null || executor.resolution.isCoreModule(filename)) return jestCompile(scriptSource, filename);
  const wrapped = `(function (${executor.injectedModuleParameters.join(', ')}) {${scriptSource}\n})`;
  const known = compiled.get(filename);
  let cachedData;
  if (known?.source === wrapped) {
    // Made at the second compile, not the first: the first file has run the module by then, so
    // the cache holds the functions it compiled lazily as well.
    if (known.script) {
      known.cachedData = known.script.createCachedData();
      known.script = undefined;
    }
    cachedData = known.cachedData;
  }
  let script;
  try {
    script = new vm.Script(wrapped, {
      filename,
      cachedData,
      importModuleDynamically: (specifier, _script, importAttributes, phase) =>
        executor.dynamicImport(specifier, filename, vmContext, importAttributes, phase),
    });
  } catch {
    // A syntax error as jest reports it (an ES module's syntax, a transform's mistake).
    return jestCompile(scriptSource, filename);
  }
  if (known?.source !== wrapped) compiled.set(filename, { source: wrapped, script, cachedData: undefined });
  return script.runInContext(vmContext);
}

class CachingRuntime extends Runtime {
  constructor(...args) {
    super(...args);
    const { executor } = this;
    if (typeof executor?.compile !== 'function' || !Array.isArray(executor.injectedModuleParameters))
      throw new Error('scripts/jest/caching-runtime.cjs: this jest-runtime has no module executor to compile with; update the file for it');
    const jestCompile = executor.compile.bind(executor);
    executor.compile = (scriptSource, filename) => compileWithCache(executor, jestCompile, scriptSource, filename);
  }
}

module.exports = CachingRuntime;
