"""File formats (SPEC §1-2): CheckList documents and instance JSON Lines.

Readers validate fully and raise :class:`tea_solver.errors.InputError` with
file, line and problem; outputs go through :func:`write_atomic` only.
"""

from .atomic import check_output, read_limits, read_lines, read_text, write_atomic
from .checklist import (FORMAT, ChecklistFile, PreparedTemplate, dump_checklist,
                        load_checklist, read_checklist_file, validate_checklist)
from .instances import (InstanceFile, dump_instances, instance_to_dict, iter_dump_instances,
                        iter_json_lines, load_instances, read_instance_file)
from .records import Instance

__all__ = [
    "FORMAT", "ChecklistFile", "check_output", "Instance", "InstanceFile", "PreparedTemplate",
    "dump_checklist", "dump_instances", "instance_to_dict", "load_checklist",
    "iter_dump_instances", "iter_json_lines", "load_instances", "read_checklist_file",
    "read_instance_file", "read_limits", "read_lines", "read_text",
    "validate_checklist", "write_atomic",
]
