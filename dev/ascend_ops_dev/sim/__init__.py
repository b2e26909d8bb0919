"""The simulator's verification corpus (`corpus`): every op x product x dtype case that
`ascend-ops-dev sim`, cpudebug and the CPU aclnn run take."""
