"""Moving AI benchmark files (``.map`` / ``.scen``) and precomputed files: the C++ ``pathing::io``
library.

Errors: a malformed or unreadable file raises :class:`ParseError` (a ``ValueError``) whose text is
the C++ message ``"FILE:LINE:COLUMN: message"`` (line and column from 1; 0 when the error is about
the whole file, e.g. it cannot be opened), with attributes ``file``, ``line`` and ``column``. A
precomputed file (JPS+ table, landmarks, hierarchy: ``pathing prep``) that cannot be used raises
:class:`PrecomputedError` (a ``ValueError``), ``"FILE: byte N: message"``, with ``file`` and
``byte``.
"""

from __future__ import annotations

from ._pathing import io as _io

ParseError = _io.ParseError
PrecomputedError = _io.PrecomputedError
Map = _io.Map
Scenario = _io.Scenario
ScenarioEntry = _io.ScenarioEntry
load_map = _io.load_map
parse_map = _io.parse_map
format_map = _io.format_map
load_scenario = _io.load_scenario
parse_scenario = _io.parse_scenario
validate_scenario = _io.validate_scenario
scenario_map_path = _io.scenario_map_path
movingai_layer = _io.movingai_layer
generate_map = _io.generate_map
serialize_jps_plus = _io.serialize_jps_plus
parse_jps_plus = _io.parse_jps_plus
load_jps_plus = _io.load_jps_plus
serialize_landmarks = _io.serialize_landmarks
parse_landmarks = _io.parse_landmarks
load_landmarks = _io.load_landmarks
serialize_hierarchy = _io.serialize_hierarchy
parse_hierarchy = _io.parse_hierarchy
load_hierarchy = _io.load_hierarchy

__all__ = [
    "Map",
    "ParseError",
    "PrecomputedError",
    "Scenario",
    "ScenarioEntry",
    "format_map",
    "generate_map",
    "load_hierarchy",
    "load_jps_plus",
    "load_landmarks",
    "load_map",
    "load_scenario",
    "movingai_layer",
    "parse_hierarchy",
    "parse_jps_plus",
    "parse_landmarks",
    "parse_map",
    "parse_scenario",
    "scenario_map_path",
    "serialize_hierarchy",
    "serialize_jps_plus",
    "serialize_landmarks",
    "validate_scenario",
]
