"""Copy the JSON Schema files into webapp/schemas/openapi.json's components (run after editing them)."""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from webapp.serving.texts import LEFT_OUT  # noqa: E402
from webapp.web.apidoc import OPENAPI_FILE, synced  # noqa: E402

doc = synced(json.loads(OPENAPI_FILE.read_text(encoding="utf-8")), LEFT_OUT)
OPENAPI_FILE.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
print(f"wrote {OPENAPI_FILE}")
