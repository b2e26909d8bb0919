$header
"""What the torch binding of the ops' aclnn APIs is called, from the specs: its generated source
(under ascend_kernels/), the torch namespace it registers and the aclnn header CANN generates for
each OpType."""

BINDING_PATH = $binding_path
NAMESPACE = $namespace

ACLNN_HEADERS = {
    $aclnn_headers
}
