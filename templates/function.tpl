
{comment}ADGEN_HD {signature} {{
{body}}}
