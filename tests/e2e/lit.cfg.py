# lit configuration for Theseus' end-to-end tests.
import os
import shutil

import lit.formats

config.name = "theseus-e2e"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".c"]
config.excludes = ["Inputs", "tools"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.theseus_obj_root, "tests", "e2e")

tools = os.path.join(config.theseus_src_root, "tests", "e2e", "tools")
config.substitutions.append(("%theseus", config.theseus_bin))
config.substitutions.append(("%python", config.python))
config.substitutions.append(
    ("%check-tests", f"{config.python} {tools}/check_tests.py"))
config.substitutions.append(
    ("%check-tree", f"{config.python} {tools}/check_tree.py"))
config.substitutions.append(
    ("%check-summary", f"{config.python} {tools}/check_summary.py"))
config.substitutions.append(
    ("%check-testcomp", f"{config.python} {tools}/check_testcomp.py"))
config.substitutions.append(
    ("%validate-testcomp",
     f"{config.python} {config.theseus_src_root}/bench/sv/validate.py"))
config.substitutions.append(
    ("%inputs", os.path.join(config.test_source_root, "Inputs")))

path = os.pathsep.join([config.llvm_tools_dir, config.environment.get("PATH", ""),
                        os.environ.get("PATH", "")])
config.environment["PATH"] = path
# The tools read a run's tests from run.db through `theseus export`.
config.environment["THESEUS"] = config.theseus_bin

# Theseus built with AddressSanitizer (THESEUS_SANITIZE): tests that measure
# Theseus' own memory use say `UNSUPPORTED: asan`, since shadow memory and
# redzones are not Theseus' footprint; so do the two whose point is that
# the interpreter runs 100 million loop iterations within the budget, which
# a sanitized interpreter does not (the fuzzing phase itself runs under
# AddressSanitizer in fuzz_magic.c, the task tests and FuzzTest).
if config.theseus_sanitize.upper() in ("ON", "1", "TRUE", "YES", "Y"):
    config.available_features.add("asan")

# Built with MPI (--distributed=mpi) and mpirun at hand: the tests of runs
# over several processes start them on this machine (as root too, more
# ranks than cores, shared memory between them).
mpirun = shutil.which("mpirun")
built_with_mpi = getattr(config, "theseus_mpi", "").upper() in (
    "ON", "1", "TRUE", "YES", "Y")  # The robustness suite does not say.
if built_with_mpi and mpirun:
    config.available_features.add("mpi")
    config.substitutions.append(
        ("%mpirun", f"{mpirun} --allow-run-as-root --oversubscribe "
         "--mca btl self,vader"))
