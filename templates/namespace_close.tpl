
}} // namespace {name}
