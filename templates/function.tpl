
{comment}{qualifiers}{signature} {{
{body}}}
