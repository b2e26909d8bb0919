// $product_key: $product_title ($product_file)
{
    OpAICoreConfig config;
    config.Input("$input")
        .ParamType(REQUIRED)
        .DataType({$dtypes})
        .Format({$formats});
    config.Output("$output")
        .ParamType(REQUIRED)
        .DataType({$dtypes})
        .Format({$formats});
    config.DynamicCompileStaticFlag(true)
        .DynamicFormatFlag(false)
        .DynamicRankSupportFlag(true)
        .DynamicShapeSupportFlag(true)
        .NeedCheckSupportFlag(false)
        .PrecisionReduceFlag(true);
    this->AICore().AddConfig("$add_config", config);
}
