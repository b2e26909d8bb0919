"""A super-resolution upsampler (ESPCN-style): convolutions, then depth_to_space CRD.

depth_to_space in mode CRD on NCHW is torch.pixel_shuffle, the "sub-pixel convolution" of ESPCN;
exported to ONNX it is one DepthToSpace node in mode CRD.

    python examples/super_resolution.py [output.onnx]
"""
from __future__ import annotations

import sys

from walkthrough import AscendLayer, run_all  # sets up the simulated npu device first

import torch  # noqa: E402

UPSCALE = 3


def super_resolution(channels: int = 3, features: int = 16, upscale: int = UPSCALE) -> torch.nn.Sequential:
    return torch.nn.Sequential(
        torch.nn.Conv2d(channels, features, 5, padding=2),
        torch.nn.Tanh(),
        torch.nn.Conv2d(features, channels * upscale**2, 3, padding=1),
        AscendLayer("depth_to_space", upscale, data_format="NCHW", mode="CRD"),
    )


if __name__ == "__main__":
    torch.manual_seed(0)
    model = super_resolution()
    image = torch.rand(1, 3, 6, 7)  # N, C, H, W: every dim different
    run_all("super resolution x3", model, image, torch.nn.PixelShuffle(UPSCALE),
            sys.argv[1] if len(sys.argv) > 1 else "super_resolution.onnx")
