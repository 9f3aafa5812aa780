"""Moving AI benchmark files (``.map`` / ``.scen``): the C++ ``pathing::io`` library.

Errors: a malformed or unreadable file raises :class:`ParseError` (a ``ValueError``) whose text is
the C++ message ``"FILE:LINE:COLUMN: message"`` (line and column from 1; 0 when the error is about
the whole file, e.g. it cannot be opened), with attributes ``file``, ``line`` and ``column``.
"""

from __future__ import annotations

from ._pathing import io as _io

ParseError = _io.ParseError
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

__all__ = [
    "Map",
    "ParseError",
    "Scenario",
    "ScenarioEntry",
    "format_map",
    "generate_map",
    "load_map",
    "load_scenario",
    "movingai_layer",
    "parse_map",
    "parse_scenario",
    "scenario_map_path",
    "validate_scenario",
]
