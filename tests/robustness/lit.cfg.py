# lit configuration for the robustness corpus: malformed and unsupported
# input ends with exit status 0, 1 or 2 and a one-line message, never a
# crash. It shares the end-to-end suite's substitutions.
import os

lit_config.load_config(config, os.path.join(config.theseus_src_root,
                                            "tests/e2e/lit.cfg.py"))
config.name = "theseus-robustness"
config.suffixes = [".c", ".cpp", ".i", ".ll", ".test"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.theseus_obj_root, "tests",
                                     "robustness")
config.substitutions.append(
    ("%expect-status", f"{config.python} {config.test_source_root}/status.py"))

# Theseus built with AddressSanitizer (THESEUS_SANITIZE): tests that measure
# Theseus' own memory use say `UNSUPPORTED: asan`, since shadow memory and
# redzones are not Theseus' footprint.
if config.theseus_sanitize.upper() in ("ON", "1", "TRUE", "YES", "Y"):
    config.available_features.add("asan")
