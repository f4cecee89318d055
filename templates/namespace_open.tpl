
namespace {name} {{
