"""Builds the extension `pathing._pathing` with CMake (bindings/python/CMakeLists.txt).

Metadata lives in pyproject.toml; this file only adds the CMake step. Environment:
  PATHING_CMAKE_BUILD_DIR  the CMake build directory (default: build/python-pip); pointing it at
                           an existing build (e.g. build/python) reuses its objects.
  CMAKE_BUILD_PARALLEL_LEVEL  parallel compile jobs (default 2).
  PATHING_CMAKE_ARGS       extra arguments for the CMake configure step.
"""

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


class CMakeExtension(Extension):
    def __init__(self, name: str) -> None:
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, ext: Extension) -> None:
        build_dir = Path(os.environ.get("PATHING_CMAKE_BUILD_DIR", ROOT / "build" / "python-pip"))
        if not build_dir.is_absolute():
            build_dir = ROOT / build_dir
        package_dir = build_dir / "pathing"
        config = "Debug" if self.debug else "Release"
        args = [
            "cmake",
            "-S", str(ROOT / "bindings" / "python"),
            "-B", str(build_dir),
            f"-DPython_EXECUTABLE={sys.executable}",
            f"-DCMAKE_BUILD_TYPE={config}",
            f"-DPATHING_PYTHON_PACKAGE_DIR={package_dir}",
        ]
        if shutil.which("ninja") and not (build_dir / "CMakeCache.txt").exists():
            args += ["-G", "Ninja"]
        args += shlex.split(os.environ.get("PATHING_CMAKE_ARGS", ""))
        env = dict(os.environ)
        env.setdefault("CMAKE_BUILD_PARALLEL_LEVEL", "2")
        subprocess.run(args, check=True, env=env)
        subprocess.run(
            ["cmake", "--build", str(build_dir), "--config", config, "--target", "_pathing"],
            check=True,
            env=env,
        )
        built = sorted(package_dir.glob("_pathing*.so")) + sorted(package_dir.glob("_pathing*.pyd"))
        if not built:
            raise RuntimeError(f"CMake built no _pathing extension in {package_dir}")
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built[0], target)


setup(ext_modules=[CMakeExtension("pathing._pathing")], cmdclass={"build_ext": CMakeBuild})
