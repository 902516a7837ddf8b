"""Set translations in a .po file and clear their fuzzy flag: po_set.py FILE JSON.

JSON maps "msgid" or "context\x04msgid" to a string, or to a list of plural forms.
"""

import json
import re
import sys


def quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def unquote(lines: list[str]) -> str:
    return "".join(json.loads(line[line.index('"') :]) for line in lines)


def main(path: str, mapping: dict) -> None:
    with open(path, encoding="utf-8") as po:
        blocks = po.read().split("\n\n")
    done = set()
    for index, block in enumerate(blocks):
        lines = block.split("\n")
        fields: dict[str, list[str]] = {}
        current = None
        for line in lines:
            match = re.match(r"^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d\])?) ", line)
            if match:
                current = match.group(1)
                fields[current] = [line]
            elif line.startswith('"') and current:
                fields[current].append(line)
        if "msgid" not in fields:
            continue
        key = unquote(fields["msgid"])
        if "msgctxt" in fields:
            key = unquote(fields["msgctxt"]) + "\x04" + key
        if key not in mapping or not key:
            continue
        value = mapping[key]
        head = []
        for line in lines:
            if line.startswith("#|"):
                continue
            if line.startswith("#,"):
                flags = [f.strip() for f in line[2:].split(",") if f.strip() != "fuzzy"]
                if flags:
                    head.append("#, " + ", ".join(flags))
                continue
            if line.startswith("#"):
                head.append(line)
        body = []
        if "msgctxt" in fields:
            body += fields["msgctxt"]
        body += fields["msgid"]
        if "msgid_plural" in fields:
            body += fields["msgid_plural"]
            for number, form in enumerate(value):
                body.append(f"msgstr[{number}] {quote(form)}")
        else:
            body.append(f"msgstr {quote(value)}")
        blocks[index] = "\n".join(head + body)
        done.add(key)
    missing = set(mapping) - done
    if missing:
        sys.exit(f"not in {path}: {sorted(missing)}")
    with open(path, "w", encoding="utf-8") as po:
        po.write("\n\n".join(blocks))


if __name__ == "__main__":
    with open(sys.argv[2], encoding="utf-8") as source:
        main(sys.argv[1], json.load(source))
